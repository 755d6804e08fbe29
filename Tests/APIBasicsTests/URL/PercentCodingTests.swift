import APIBasics
import Foundation
import Testing

@Suite struct PercentCodingTests {
    static let texts = [
        "", "plain", "a b", "100%", "k=v&x=y", "/tmp/my db?.sqlite#1", "café/日本", "a+b", "~user/._-", "🙂", "%41",
    ]

    @Test(arguments: texts)
    func pathEncodingAsFoundation(_ text: String) {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        #expect(PercentCoding.encode(text, keeping: PercentCoding.isPathAllowed) == text.addingPercentEncoding(withAllowedCharacters: allowed))
    }

    @Test(arguments: texts)
    func unreservedEncodingAsFoundation(_ text: String) {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        #expect(PercentCoding.encode(text, keeping: PercentCoding.isUnreserved) == text.addingPercentEncoding(withAllowedCharacters: unreserved))
    }

    @Test(arguments: texts + ["%2", "%zz", "%E2%82", "%E2%82%AC", "a%20b", "%25", "%c3%a9", "p%40ss", "%"])
    func decodingAsFoundation(_ text: String) {
        #expect(PercentCoding.decode(text) == text.removingPercentEncoding)
    }

    @Test(arguments: texts)
    func decodingUndoesEncoding(_ text: String) {
        #expect(PercentCoding.decode(PercentCoding.encode(text, keeping: PercentCoding.isUnreserved)) == text)
    }
}
