import Foundation
import Testing
@testable import APIHTTP

/// A word that fills a path segment can never leave the provider's path:
/// libcurl removes `.` and `..` segments, so they are written `%2E`; `/` is `%2F`.
@Suite struct PathSegmentEncodingTests {
    @Test("dot segments are encoded whole; dots inside a word stay", arguments: [
        (".", "%2E"), ("..", "%2E%2E"), ("...", "..."), ("a.b", "a.b"), ("../x", "..%2Fx"), ("a/..", "a%2F.."),
        ("São Paulo", "S%C3%A3o%20Paulo"), ("%2e", "%252e"), ("", ""),
    ])
    func encodes(word: String, expected: String) {
        #expect(PercentEncoding.pathSegment(word) == expected)
    }

    @Test("the URL built from an encoded segment keeps its path as written")
    func urlKeepsThePath() throws {
        for word in [".", ".."] {
            let request = HTTPRequest(baseURL: try #require(URL(string: "http://127.0.0.1:9/api")), path: "/items/\(PercentEncoding.pathSegment(word))/detail")
            #expect(request.url.path(percentEncoded: true) == "/api/items/\(PercentEncoding.pathSegment(word))/detail")
        }
    }
}
