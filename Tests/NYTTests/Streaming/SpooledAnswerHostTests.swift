import APIHost
import Foundation
import Testing
import TestSupport

@testable import NYT

/// A large fresh answer in JSON, NDJSON or CSV is printed as it is decoded, into a spool
/// file, and copied out once whole: the bytes are those of the same answer read whole, the
/// spool leaves no file behind, and a folder where none can be made changes nothing printed.
@Suite("Answers printed as they are decoded, through a spool")
struct SpooledAnswerHostTests {
    typealias Streamed = StreamedAnswerHostTests

    @Test("printed through the spool, each format prints what the answer read whole prints", arguments: ["json", "ndjson", "csv"])
    func spooledPrintsTheSame(format: String) async throws {
        let body = try Streamed.largeBody(docs: 1000)
        let server = try LoopbackServer(routes: [NYTHost.searchPath: [.json(body)]])
        defer { server.stop() }
        let host = try Streamed.host(server)
        let spool = try TemporaryDirectory(prefix: "apicli-spool")
        let words = ["nyt", "election", "--format", format, "--verbose"]
        let streamed = await host.run(words, setting: ["TMPDIR": spool.path()], realTransport: true)
        #expect(streamed.code == .success, "\(streamed.stderr)")
        #expect(streamed.stderr.contains("(page 1, in batches)"), "\(streamed.stderr)")
        #expect(streamed.stderr.contains("output: printing the answer as decoded"), "\(streamed.stderr)")
        // Unlinked as soon as it was made.
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path()).isEmpty)
        // The same answer from the cache, read whole and printed from the page that holds it.
        let whole = await host.run(words, setting: [:], realTransport: true)
        #expect(whole.stderr.contains("cache hit"), "\(whole.stderr)")
        #expect(ComparedOutput(whole.stdout) == ComparedOutput(streamed.stdout))
        #expect(streamed.stdout.utf8.count > (format == "csv" ? 100_000 : 500_000), "\(streamed.stdout.utf8.count) B")
        #expect(try host.count("nyt_query_results") == 1000)
    }

    /// No file can be made in `TMPDIR`: what the spool took waits in memory, and is printed the same.
    @Test func aSpoolWithNoFolderPrintsFromMemory() async throws {
        let body = try Streamed.largeBody(docs: 1000)
        let server = try LoopbackServer(routes: [NYTHost.searchPath: [.json(body), .json(body)]])
        defer { server.stop() }
        let host = try Streamed.host(server)
        let words = ["nyt", "election", "--format", "json"]
        let missing = host.directory.path("no-such-folder")
        let fromMemory = await host.run(words, setting: ["TMPDIR": missing], realTransport: true)
        #expect(fromMemory.code == .success, "\(fromMemory.stderr)")
        let whole = await host.run(words, setting: [:], realTransport: true)
        #expect(ComparedOutput(whole.stdout) == ComparedOutput(fromMemory.stdout))
        #expect(fromMemory.stdout.hasPrefix("[\n  {"), "\(fromMemory.stdout.prefix(40))")
    }

    /// The table lays out every row together: printed whole once the page is decoded, the same.
    @Test func aTableIsPrintedWholeTheSame() async throws {
        let body = try Streamed.largeBody(docs: 1000)
        let server = try LoopbackServer(routes: [NYTHost.searchPath: [.json(body)]])
        defer { server.stop() }
        let host = try Streamed.host(server)
        let spool = try TemporaryDirectory(prefix: "apicli-spool")
        let table = await host.run(["nyt", "election", "--format", "table"], setting: ["TMPDIR": spool.path()], realTransport: true)
        #expect(table.code == .success, "\(table.stderr)")
        let whole = await host.run(["nyt", "election", "--format", "table"], setting: [:], realTransport: true)
        #expect(ComparedOutput(whole.stdout) == ComparedOutput(table.stdout))
        #expect(!table.stdout.isEmpty)
    }
}
