import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import NYT

/// An answer that echoes NYT's key with JSON `\u` escapes, only partly escaped, or
/// percent-encoded: a decoder turns each back into the key, so none may reach the
/// output, the stored rows, the full-text index or the response cache. In-process;
/// the store's files are read after the runs. (These were the NYT tests of the
/// binary's `EscapedKeyEchoEndToEndTests`; a key too short to keep out of output is
/// refused by the host: `APIHostTests`' `KeyLeakHostTests`.)
@Suite("NYT's key echoed with escapes, in-process")
struct EscapedKeyEchoHostTests {
    typealias Echo = KeyEcho

    @Test("the echo is *** in every format, in the rows and in the index", arguments: Echo.allCases)
    func echoed(echo: Echo) async throws {
        let key = NYTHost.key
        let written = echo.written(key)
        var body = try TestSupport.Fixtures.real(NYTHost.pageFixture)
        let marker = #""snippet":""#
        let range = try #require(body.range(of: Data(marker.utf8)))
        body.replaceSubrange(range, with: Data((marker + "Invalid key " + written + " ").utf8))
        let nyt = try NYTHost(page: body)
        var outputs: [InProcessHost.Run] = []
        for format in ["json", "table", "csv", "ndjson"] {
            let run = await nyt.run(["nyt", "boko", "haram", "--refresh", "--format", format])
            #expect(run.code == .success, "\(format): \(run.stderr)")
            outputs.append(run)
        }
        #expect(outputs[0].stdout.contains("Invalid key *** "), "\(outputs[0].stdout.prefix(600))")
        let offline = await nyt.run(["nyt", "invalid", "key", "--offline", "--json"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(offline.stdout.contains("Invalid key *** "))
        outputs.append(offline)
        let indexed = try nyt.host.rows(
            "SELECT COUNT(*) FROM nyt_articles_fts WHERE nyt_articles_fts MATCH '\"nytkey\" OR \"2e7c1d\"'")
        #expect(indexed.first?[0].int == 0)

        for output in outputs {
            #expect(!output.stdout.contains(key) && !output.stderr.contains(key), "\(output.stdout.prefix(400))")
            #expect(!output.stdout.contains(written), "\(output.stdout.prefix(400))")
        }
        let bytes = try nyt.host.storeBytes()
        #expect(bytes.range(of: Data(key.utf8)) == nil, "the key is in the store's files")
        #expect(bytes.range(of: Data(written.utf8)) == nil, "the echo is in the store's files")
        #expect(bytes.range(of: Data(key.lowercased().utf8)) == nil, "the key is in the full-text index")
    }
}
