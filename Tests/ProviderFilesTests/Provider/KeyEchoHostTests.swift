import APIHost
import APIHTTP
import Foundation
import ProviderFiles
import Testing
import TestSupport

/// Keys and words where they could escape, for provider files, through the host
/// in-process: a key sent in a header that the answer echoes with escapes, and
/// `.` or `..` filling a path segment. (These were the provider-file tests of the
/// binary's `EscapedKeyEchoEndToEndTests` and `ConfigAndWireEndToEndTests`.)
@Suite("Provider files: echoed header keys and dot segments, in-process")
struct KeyEchoHostTests {
    static let key = "hdrKEY-inprocess-6a1f93"
    static let header = "X-Algolia-API-Key"
    static let hnFixture = "search/hn_search_tags_story_hitsPerPage1_2014_sytelus.json"

    static let algolia = ProviderFileTexts.algolia

    typealias Echo = KeyEcho

    @Test("a header key echoed with escapes is *** in the output and nowhere in the store", arguments: Echo.allCases)
    func headerKey(echo: Echo) async throws {
        let written = echo.written(Self.key)
        var body = try TestSupport.Fixtures.real(Self.hnFixture)
        let marker = #""title": ""#
        let range = try #require(body.range(of: Data(marker.utf8)))
        body.replaceSubrange(range, with: Data((marker + "Invalid key " + written + " ").utf8))
        let answer = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
        let host = try InProcessHost(
            sources: [.compiled([try SampleFiles.provider(Self.algolia)])], variables: ["ALGOLIA_API_KEY": Self.key]
        ) { _, _ in answer }
        var outputs: [InProcessHost.Run] = []
        for format in ["json", "table", "csv"] {
            let run = await host.run(["algolia", "gibberish", "--refresh", "--format", format])
            #expect(run.code == .success, "\(format): \(run.stderr)")
            outputs.append(run)
        }
        #expect(host.transport.requests.last?.transportHeaders[Self.header] == Self.key, "the key is sent in its header")
        #expect(outputs[0].stdout.contains("Invalid key *** "), "\(outputs[0].stdout.prefix(600))")
        for output in outputs {
            #expect(!output.stdout.contains(Self.key) && !output.stderr.contains(Self.key), "\(output.stdout.prefix(400))")
            #expect(!output.stdout.contains(written), "\(output.stdout.prefix(400))")
        }
        let bytes = try host.storeBytes()
        #expect(bytes.range(of: Data(Self.key.utf8)) == nil, "the key is in the store's files")
        #expect(bytes.range(of: Data(written.utf8)) == nil, "the echo is in the store's files")
        #expect(bytes.range(of: Data(Self.key.lowercased().utf8)) == nil, "the key is in the full-text index")
    }

    static let segmentFile = """
        {
          "apicli": 1,
          "name": "pseg",
          "summary": "Look up one item by name.",
          "baseURL": "https://example.invalid",
          "path": "/api/items/{name}/detail",
          "words": {"pathSegment": "name"},
          "key": {"parameter": "token", "environmentVariable": "PSEG_API_KEY", "signupURL": "https://example.invalid/keys"},
          "items": "items",
          "columns": [{"name": "title", "path": "title", "kind": "text"}]
        }
        """

    @Test("'.' and '..' filling a path segment are sent as %2E, so the request stays on the provider's path", arguments: [".", "..", "a/../.."])
    func dotSegments(word: String) async throws {
        let host = try InProcessHost(
            sources: [.compiled([try SampleFiles.provider(Self.segmentFile)])], variables: ["PSEG_API_KEY": "tok-12345"]
        ) { _, _ in InProcessHost.json(#"{"items": [{"title": "seen"}]}"#) }
        let result = await host.run(["pseg", word, "--format", "csv"])
        #expect(result.code == .success, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("\r\nseen\r\n"), "\(result.stdout)")
        let expected = [".": "%2E", "..": "%2E%2E", "a/../..": "a%2F..%2F.."][word] ?? ""
        // What reaches the server is the URL the transport is given.
        #expect(host.transport.requests.map { $0.url.path(percentEncoded: true) } == ["/api/items/\(expected)/detail"],
                "\(host.transport.requests.map(\.url))")
    }
}
