import Foundation
import Testing
@testable import APIHTTP

/// The HTTP layer's marks, found by their bytes as a server or another cache reads them
/// (see `MarkBeforeACombiningCharacterTests` in APIHostTests for the host's).
@Suite("A mark before a combining character is still the mark (HTTP)")
struct MarkBeforeACombiningCharacterHTTPTests {
    @Test("HTTP basic: the password after the colon is a secret of its own")
    func basicPassword() {
        let forms = CredentialPlacement.basic.derivedSecrets(of: "user:\u{301}secret-pass")
        #expect(forms.contains("\u{301}secret-pass"), "\(forms)")
        let request = HTTPRequest(
            baseURL: URL(string: "https://api.example.org")!, path: "/x",
            credential: Credential(placement: .basic, value: "user:\u{301}secret-pass"))
        #expect(request.secrets.contains("\u{301}secret-pass"))
    }

    @Test("Cache-Control directives are cut at their commas")
    func cacheControl() {
        let header = CacheControl("max-age=60,\u{301}no-store")
        #expect(header.maxAge == 60)
        #expect(CacheControl("no-store,\u{301}x").noStore)
        #expect(CacheControl("public,\u{301}no-cache, max-age=\u{301}5").maxAge == nil)
    }
}
