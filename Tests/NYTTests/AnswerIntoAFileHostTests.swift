import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import NYT

#if canImport(Glibc)
/// `apicli nyt … > file`: a large fresh answer is written straight into the file as it is
/// decoded (``SeekableOutput``), and the file ends up holding what a pipe would have been
/// given, after what it held before: the whole answer, or, when the page breaks off, only
/// what the run prints instead.
@Suite("Answers written straight into a file stdout")
struct AnswerIntoAFileHostTests {
    typealias Streamed = StreamedAnswerHostTests

    /// Runs `words` with stdout a file that holds "before\n"; the file's console.
    static func runIntoAFile(_ words: [String], host: InProcessHost) async throws -> (InProcessHost.Run, FileOutputConsole) {
        let console = try FileOutputConsole(path: host.directory.path("stdout-\(UUID().uuidString)"), before: "before\n")
        let run = await host.run(words) { environment in
            environment.console = console
            environment.transport = nil
        }
        return (run, console)
    }

    @Test("each format leaves in the file what the answer read whole prints", arguments: ["json", "ndjson", "csv"])
    func theFileHoldsTheAnswer(format: String) async throws {
        let body = try Streamed.largeBody(docs: 1000)
        let server = try LoopbackServer(routes: [NYTHost.searchPath: [.json(body)]])
        defer { server.stop() }
        let host = try Streamed.host(server)
        let words = ["nyt", "election", "--format", format]
        let (run, file) = try await Self.runIntoAFile(words + ["--verbose"], host: host)
        #expect(run.code == .success, "\(file.stderr)")
        #expect(file.stderr.contains("output: printing the answer as decoded"), "\(file.stderr)")
        let whole = await host.run(words + ["--verbose"], setting: [:], realTransport: true)
        #expect(whole.stderr.contains("cache hit"), "\(whole.stderr)")
        #expect(ComparedOutput(file.stdout) == ComparedOutput("before\n" + whole.stdout))
        #expect(file.offset == file.stdout.utf8.count, "what is printed next goes after the answer")
        #expect(whole.stdout.utf8.count > 100_000, "\(whole.stdout.utf8.count) B")
    }

    /// The page breaks off after some of it was written into the file: that part is cut back
    /// out, and the file holds the stored answer the run shows instead, shorter than it.
    @Test func aPageThatBreaksOffIsCutBackOut() async throws {
        let body = try Streamed.largeBody(docs: 1000)
        let server = try LoopbackServer(routes: [
            NYTHost.searchPath: [.json(try NYTHost.page()), .json(body).truncated(after: body.count * 3 / 4)],
        ])
        defer { server.stop() }
        let host = try Streamed.host(server)
        let words = ["nyt", "election", "--format", "ndjson"]
        let first = await host.run(words, setting: [:], realTransport: true)
        #expect(first.code == .success, "\(first.stderr)")
        let (broken, file) = try await Self.runIntoAFile(words + ["--refresh", "--verbose"], host: host)
        #expect(file.stderr.contains("(page 1, in batches)"), "\(file.stderr)")
        #expect(file.stderr.contains("broke off"), "\(file.stderr)")
        #expect(broken.code == .success && file.stderr.contains("showing results stored at"), "\(file.stderr)")
        #expect(ComparedOutput(file.stdout) == ComparedOutput("before\n" + first.stdout))
        #expect(file.offset == file.stdout.utf8.count)
    }

    /// The transport retries a body that broke off: the first attempt's articles, written into
    /// the file, are taken back, and the retry's answer is there once.
    @Test func aRetriedAnswerIsInTheFileOnce() async throws {
        let body = try Streamed.largeBody(docs: 1000)
        let words = ["nyt", "election", "--format", "ndjson"]
        let clean = try LoopbackServer(routes: [NYTHost.searchPath: [.json(body)]])
        defer { clean.stop() }
        let expected = await (try Streamed.host(clean)).run(words, setting: [:], realTransport: true)
        #expect(expected.code == .success, "\(expected.stderr)")
        let server = try LoopbackServer(routes: [
            NYTHost.searchPath: [.json(body).truncated(after: body.count * 3 / 4), .json(body)],
        ])
        defer { server.stop() }
        let host = try Streamed.host(server)
        let (retried, file) = try await Self.runIntoAFile(words + ["--verbose"], host: host)
        #expect(retried.code == .success, "\(file.stderr)")
        #expect(file.stderr.contains("broke off"), "\(file.stderr)")
        #expect(server.requests.count == 2)
        #expect(ComparedOutput(file.stdout) == ComparedOutput("before\n" + expected.stdout))
    }
}
#endif
