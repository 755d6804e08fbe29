@testable import APIHost
import Foundation
import Testing

@Suite("PKCE and its SHA-256")
struct PKCETests {
    @Test("SHA-256 of FIPS 180-4's examples")
    func hashVectors() {
        func hex(_ text: String) -> String { SHA256.hash(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("the S256 challenge of RFC 7636 Appendix B's verifier")
    func rfcExample() {
        let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(!"\(pkce)".contains(pkce.verifier))
    }

    @Test("a fresh verifier is 43 characters of the unreserved set, new each time")
    func freshVerifier() {
        let one = PKCE.fresh().verifier, two = PKCE.fresh().verifier
        #expect(one.count == 43 && one != two)
        #expect(one.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }

    @Test("the redirect's query is read as a form: percent escapes and + decoded, the first of a name kept")
    func redirectParameters() {
        let found = LoopbackRedirect.parameters("code=a%2Fb&state=x+y&code=second&error")
        #expect(found == ["code": "a/b", "state": "x y", "error": ""])
    }
}
