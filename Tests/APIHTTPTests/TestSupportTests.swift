import Foundation
import Testing
import TestSupport
import APIHTTP

/// TestSupport is shared by every test target, so its own behaviour is checked here.
@Suite("TestSupport")
struct TestSupportTests {
    @Test func recordsQueryAndHeadersOfConcurrentRequests() async throws {
        let server = try LoopbackServer { request in
            .json(#"{"path":"\#(request.path)"}"#).delayed(by: .seconds(1))
        }
        defer { server.stop() }
        let transport = DefaultTransport(connectTimeout: .seconds(10))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let request = HTTPRequest(
                        baseURL: server.baseURL, path: "/n/\(index)", query: [QueryItem("a", "+1"), QueryItem("b", "x y")],
                        headers: ["X-Test": "yes"]
                    )
                    _ = try await transport.send(request, context: context(deadline: 20))
                }
            }
            try await group.waitForAll()
        }
        #expect(server.requests.count == 8)
        // Served one after another, each request would arrive a second after the previous
        // one was answered (7 s from first to last); concurrently they all arrive at once.
        let arrivals = server.requests.map(\.arrival)
        let spread = (arrivals.max() ?? .distantPast).timeIntervalSince(arrivals.min() ?? .distantFuture)
        #expect(spread < 3.5, "served concurrently: arrivals spread over \(spread) s")
        let first = try #require(server.requests(to: "/n/0").first)
        #expect(first.query("a") == "+1")
        #expect(first.query("b") == "x y")
        #expect(first.rawQuery == "a=%2B1&b=x%20y")
        #expect(first.header("x-test") == "yes")
    }

    @Test(.needs("curl")) func routesAnswerInOrderThenRepeatTheLast() async throws {
        let routes = ["/r": [ScriptedResponse.status(500), .status(200)]]
        let server = try LoopbackServer(routes: routes)
        defer { server.stop() }
        var statuses: [Int] = []
        for path in ["/r", "/r", "/r", "/none"] { statuses.append(try await curlStatus(server.url(path))) }
        #expect(statuses == [500, 200, 200, 404])
    }

    @Test(.needs("curl")) func aServerStopsByItselfAfterItsLifetime() async throws {
        let server = try LoopbackServer(maxLifetime: .milliseconds(200)) { _ in .json("{}") }
        try await Task.sleep(for: .milliseconds(500))
        await #expect(throws: (any Error).self) { try await curlStatus(server.url("/late")) }
        #expect(server.requests.isEmpty)
    }

    @Test func processRunnerCapturesOutputAndExitCodeAndKillsOnTimeout() async throws {
        let shell = URL(fileURLWithPath: "/bin/sh")
        let done = try await ProcessRunner.run(
            executable: shell, arguments: ["-c", "cat; echo err >&2; exit 3"], stdin: Data("in".utf8)
        )
        #expect(done.exitCode == 3)
        #expect(done.stdoutText == "in")
        #expect(done.stderrText == "err\n")
        #expect(!done.timedOut)
        let hung = try await ProcessRunner.run(executable: shell, arguments: ["-c", "exec sleep 30"], timeout: .milliseconds(300))
        #expect(hung.timedOut)
    }

    @Test func temporaryDirectoryIsRemovedWithItsValue() throws {
        var directory: TemporaryDirectory? = try TemporaryDirectory()
        let path = try #require(directory?.path())
        try Data("x".utf8).write(to: URL(fileURLWithPath: try #require(directory?.path("file"))))
        #expect(FileManager.default.fileExists(atPath: path))
        directory = nil
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func fixturesAreFoundFromThePackageRoot() throws {
        let files = try Fixtures.realFiles(in: "nyt")
        #expect(!files.isEmpty)
        let name = try #require(files.first?.lastPathComponent)
        #expect(try !Fixtures.real("nyt/" + name).isEmpty)
        #expect(FileManager.default.fileExists(atPath: Fixtures.packageRoot.appendingPathComponent("Package.swift").path))
    }

    @Test func gzipRoundTripsThroughTheSystemTool() async throws {
        let bomb = try await Gzip.zeros(count: 1_000_000)
        #expect(bomb.count < 10_000)
        #expect(bomb.prefix(2) == Data([0x1F, 0x8B]))
    }

    /// The status of a GET, through curl as an independent client.
    private func curlStatus(_ url: URL) async throws -> Int {
        let result = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: try RequiredTool.require("curl")),
            arguments: ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "2", url.absoluteString],
            timeout: .seconds(5)
        )
        guard result.exitCode == 0, let status = Int(result.stdoutText) else {
            throw LoopbackServerError.setup("curl failed: \(result.exitCode)")
        }
        return status
    }
}
