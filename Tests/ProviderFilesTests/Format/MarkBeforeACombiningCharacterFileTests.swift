@testable import APIHost
@testable import ProviderFiles
import Foundation
import Testing

/// A provider file's marks are found by their bytes, as the URL they build is read:
/// `?\u{301}` in a path is one `Character`, but its `?` still starts a query.
@Suite("A mark before a combining character is still the mark (provider files)")
struct MarkBeforeACombiningCharacterFileTests {
    static func problems(path: String) -> String {
        let text = SampleFiles.hackerNews.replacingOccurrences(of: #""path": "/api/v1/search""#, with: #""path": "\#(path)""#)
        do {
            _ = try SampleFiles.read(text)
            return ""
        } catch {
            return error.description
        }
    }

    @Test("a path with a query or a fragment is refused", arguments: ["/api/v1/search?\u{301}x=1", "/api/v1/search#\u{301}"])
    func pathMarks(_ path: String) {
        #expect(Self.problems(path: path).contains("must start with / and hold no ?, # or .."), "\(path)")
    }

    @Test("placeholders are found as FileArguments fills them")
    func placeholders() {
        #expect(ProviderFileReader.placeholders(in: "/items/{id}\u{301}/x") == ["id"])
        #expect(ProviderFileReader.placeholders(in: "/{\u{301}a}/{b}") == ["\u{301}a", "b"])
    }

    @Test("a key path is cut at its dots")
    func keyPaths() throws {
        #expect(try #require(KeyPath("a.\u{301}b")).segments == ["a", "\u{301}b"])
        #expect(KeyPath("a.\u{301}") != nil)
        #expect(KeyPath("a..\u{301}") == nil)
    }
}
