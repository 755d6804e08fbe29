import Foundation
import Testing
import TestSupport

/// Issue 3's scripted faults that need a real connection (a slow drip past the
/// deadline, gzip, the body cap the transport enforces, a redirect to another
/// host), each ending in its documented outcome with the built binary. The
/// faults a transport can report without a socket (500, 429, a reset, a
/// truncated body) are tested in-process: `APIHostTests.NetworkFaultTests`.
///
/// The faults are scripted on the forecast route alone, so the place is named by
/// its OpenWeather id (Rostov's, 501183): a city id needs no geocoding request.
@Suite("Network faults, end to end")
struct NetworkFaultTests {
    static let path = FixtureServer.weatherPath

    static func sandbox(_ answers: [ScriptedResponse], timeout: String = "5") throws -> (Sandbox, LoopbackServer) {
        let server = try LoopbackServer(routes: [path: answers])
        return (try Sandbox(server: server, extra: ["APICLI_TIMEOUT": timeout]), server)
    }

    static func forecast() throws -> ScriptedResponse {
        .json(try Fixtures.real(FixtureServer.weatherFixture))
    }

    @Test("a slow drip past the deadline: apicli gives up on time and shows what it stored")
    func slowDrip() async throws {
        let (sandbox, server) = try Self.sandbox(
            [try Self.forecast(), try Self.forecast().dripping(chunk: 1, every: .milliseconds(200))], timeout: "1.5")
        let fresh = try await sandbox.run(["weather", "--id", "501183"])
        #expect(fresh.exitCode == 0)
        let started = ContinuousClock.now
        let result = try await sandbox.run(["weather", "--id", "501183", "--refresh"], timeout: .seconds(20))
        let elapsed = ContinuousClock.now - started
        #expect(!result.timedOut)
        #expect(elapsed < .seconds(10), "the deadline held (the drip takes minutes): \(elapsed)")
        #expect(result.exitCode == 0, "\(result.stderrText)")
        // The stored steps (from 2022) are past: left out, and counted in the notice.
        #expect(result.stdoutText.hasPrefix("Ростов, RU\n"), "\(result.stdoutText)")
        #expect(result.stderrText.contains("showing results stored at"))
        #expect(result.stderrText.contains("8 steps already past left out"), "\(result.stderrText)")
        #expect(server.requests.count >= 2)
    }

    @Test("a gzip-encoded answer is decoded")
    func gzipAnswer() async throws {
        let body = try await Gzip.compress(try Fixtures.real(FixtureServer.weatherFixture))
        let (sandbox, _) = try Self.sandbox([.gzip(body)])
        let result = try await sandbox.run(["weather", "--id", "501183"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.contains("Ростов, RU"))
    }

    @Test("a body over APICLI_MAX_BODY_MB is refused without a crash")
    func bodyTooLarge() async throws {
        let big = Data(repeating: 0x20, count: 2 * 1024 * 1024)
        let (sandbox, _) = try Self.sandbox([.json(big)])
        let result = try await sandbox.run(["weather", "--id", "501183"], set: ["APICLI_MAX_BODY_MB": "1"])
        #expect(result.exitCode == 65, "\(result.stderrText)")
        #expect(result.stderrText.contains("larger than"))
        #expect(ExitCodeTests.isOneErrorLine(result.stderrText), "\(result.stderrText)")
    }

    @Test("a redirect to another host never carries the key there")
    func redirectElsewhere() async throws {
        let other = try LoopbackServer(host: "127.0.0.2") { _ in .json(Data()) }
        defer { other.stop() }
        let (sandbox, server) = try Self.sandbox([.redirect(to: other.url("/data/2.5/forecast?q=Rostov").absoluteString)])
        let result = try await sandbox.run(["weather", "--id", "501183"])
        #expect(server.requests.first?.query("appid") == Sandbox.weatherKey)
        #expect(result.exitCode != 0, "an empty answer is no forecast")
        #expect([65, 69, 70].contains(result.exitCode), "\(result.exitCode): \(result.stderrText)")
        for request in other.requests {
            #expect(!request.headText.contains(Sandbox.weatherKey))
        }
        #expect(!result.stderrText.contains(Sandbox.weatherKey))
    }
}
