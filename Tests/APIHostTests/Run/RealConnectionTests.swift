import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// The faults that need a real connection, through the host in-process with the
/// real transport (libcurl) against a loopback server, on the stub provider: a
/// refused port, a slow drip past the deadline, gzip, the body cap, a redirect to
/// another host, and answers that are not HTTP. One process; what the run sees is
/// what a user's would. (These were the binary's `NetworkFaultTests`, the refused
/// connection of `KeyTroubleEndToEndTests` and the refused answers of
/// `ConfigAndWireEndToEndTests`.)
@Suite("Real connections through the host, in-process")
struct RealConnectionTests {
    static let key = "stubKEY-curl-3b9d71"
    static let records = Data(#"[{"id": "1", "title": "First record"}]"#.utf8)

    /// A host for the stub provider (keyed by `STUB_API_KEY`) whose runs use the real transport against `base`.
    struct Connected {
        let host: InProcessHost
        let base: String

        /// `timeout`: the run's deadline; long by default (``InProcessHost/realConnectionDeadline``).
        init(base: URL, timeout: String = InProcessHost.realConnectionDeadline) throws {
            self.base = base.absoluteString
            host = try InProcessHost(
                sources: [.compiled([StubProvider(keyVariable: "STUB_API_KEY")])],
                variables: ["STUB_API_KEY": RealConnectionTests.key, "APICLI_STUB_BASE_URL": base.absoluteString,
                            "APICLI_TIMEOUT": timeout]
            ) { _, _ in HTTPResponse(status: 599, body: Data("the stub transport was asked".utf8)) }
        }

        func run(_ words: [String], setting: [String: String] = [:]) async -> InProcessHost.Run {
            await host.run(words, setting: setting, realTransport: true)
        }
    }

    static func server(_ answers: [ScriptedResponse]) throws -> LoopbackServer {
        try LoopbackServer(routes: ["/records": answers])
    }

    @Test("nothing listening: 69, 'could not connect to 127.0.0.1:PORT (connection refused)', never a bare code")
    func connectionRefused() async throws {
        // A port bound but never listened on: refused, and no other test's server can take it.
        let refusing = try RefusingPort()
        let connected = try Connected(base: refusing.baseURL)
        let result = await connected.run(["stub", "election"])
        #expect(result.code == .unavailable && result.isOneErrorLine, "\(result.stderr)")
        #expect(result.stderr.contains("could not connect to 127.0.0.1:\(refusing.port) (connection refused)"), "\(result.stderr)")
        #expect(!result.stderr.contains("-1"))
        #expect(connected.host.transport.requests.isEmpty, "the real transport was used")
    }

    @Test("a slow drip past the deadline: the run gives up on time and shows what it stored")
    func slowDrip() async throws {
        // The second answer drips one byte every 200 ms: 440 bytes, 88 s an attempt. Ending well
        // under that shows the 1.5 s deadline cut it; the bound leaves room for a loaded machine,
        // where the run's own work (not the wait) takes seconds.
        let slow = Self.records + Data(repeating: UInt8(ascii: " "), count: 400)
        let server = try Self.server([.json(Self.records), .json(slow).dripping(chunk: 1, every: .milliseconds(200))])
        let connected = try Connected(base: server.baseURL, timeout: "1.5")
        let fresh = await connected.run(["stub", "words"])
        #expect(fresh.code == .success, "\(fresh.stderr)")
        let started = ContinuousClock.now
        let result = await connected.run(["stub", "words", "--refresh"])
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(30), "the deadline held (the drip takes 88 s an attempt): \(elapsed)")
        #expect(result.code == .success, "\(result.stderr)")
        #expect(result.stdout.contains("First record"), "\(result.stdout)")
        #expect(result.warnings.contains { $0.contains("showing results stored at") }, "\(result.stderr)")
        #expect(server.requests.count >= 2)
    }

    @Test("a gzip-encoded answer is decoded")
    func gzipAnswer() async throws {
        let server = try Self.server([.gzip(try await Gzip.compress(Self.records))])
        let result = await (try Connected(base: server.baseURL)).run(["stub", "words"])
        #expect(result.code == .success, "\(result.stderr)")
        #expect(result.stdout.contains("First record"))
    }

    @Test("a body over APICLI_MAX_BODY_MB is refused without a crash: 65, one line")
    func bodyTooLarge() async throws {
        let server = try Self.server([.json(Data(repeating: 0x20, count: 2 * 1024 * 1024))])
        let result = await (try Connected(base: server.baseURL)).run(["stub", "words"], setting: ["APICLI_MAX_BODY_MB": "1"])
        #expect(result.code == .dataError, "\(result.stderr)")
        #expect(result.stderr.contains("larger than"))
        #expect(result.isOneErrorLine, "\(result.stderr)")
    }

    @Test("a redirect to another host never carries the key there")
    func redirectElsewhere() async throws {
        let other = try LoopbackServer(host: "127.0.0.2") { _ in .json(Data()) }
        defer { other.stop() }
        let server = try Self.server([.redirect(to: other.url("/records?q=elsewhere").absoluteString)])
        let result = await (try Connected(base: server.baseURL)).run(["stub", "words"])
        #expect(server.requests.first?.query("key") == Self.key)
        #expect(result.code != .success, "an empty answer is no list of records")
        #expect([.dataError, .unavailable, .software].contains(result.code), "\(result.code): \(result.stderr)")
        for request in other.requests {
            #expect(!request.headText.contains(Self.key))
        }
        #expect(!result.stderr.contains(Self.key))
    }

    @Test("an SSH banner, an HTTP/0.9 reply, status 000, a 300 KB header, a broken gzip body: 65, one line saying what was wrong")
    func refusedAnswers() async throws {
        let cases: [(ScriptedResponse, String)] = [
            (.raw(Data("SSH-2.0-OpenSSH_8.9p1\r\n".utf8)), "127.0.0.1 did not answer in HTTP (no status line; is another service listening on that port?)"),
            (.raw(Data("plain words, no status line\n".utf8)), "127.0.0.1 did not answer in HTTP (no status line; is another service listening on that port?)"),
            (.raw(Data("HTTP/1.1 000 OK\r\nContent-Length: 2\r\n\r\n{}".utf8)), "the status line has no valid status code"),
            (.status(200, headers: [("X-Padding", String(repeating: "p", count: 300_000))], body: "{}"),
             "a response header is larger than libcurl accepts (100 KB)"),
            (.gzip(Data("this is not gzip".utf8)), "its compressed body is broken and could not be decompressed"),
        ]
        for (answer, reason) in cases {
            let server = try Self.server([answer, answer, answer])
            let connected = try Connected(base: server.baseURL)
            let result = await connected.run(["stub", "words"])
            #expect(result.code == .dataError, "\(reason): \(result.stderr)")
            #expect(result.isOneErrorLine, "\(result.stderr)")
            // The wording is the behaviour: which answer, and what was wrong with it.
            #expect(result.stderr.hasPrefix("apicli: error: the answer from http://127.0.0.1:"), "\(result.stderr)")
            #expect(result.stderr.hasSuffix(" could not be read: \(reason)\n"), "\(result.stderr)")
            #expect(!result.stderr.contains(Self.key))
            #expect(server.requests.count == 1, "a broken answer is not asked for again")
            #expect(!FileManager.default.fileExists(atPath: connected.host.storePath + "-journal"))
        }
    }
}
