import Foundation
import Testing
import TestSupport

/// The response cache seen from outside: fresh hits send nothing, `--refresh`
/// sends, a stale entry is revalidated with its ETag.
@Suite("Response cache, end to end")
struct ResponseCacheTests {
    @Test("a second identical run sends no request; --refresh sends one", arguments: ["nyt", "weather"])
    func freshHit(provider: String) async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let command = provider == "nyt" ? ["nyt", "election"] : ["weather", "Rostov"]
        // Weather looks the place up once (then keeps it 30 days): one request more on the first run.
        let lookup = provider == "weather" ? 1 : 0
        let first = try await sandbox.run(command)
        #expect(first.exitCode == 0, "\(first.stderrText)")
        #expect(fixtures.requests.count == 1 + lookup)

        let second = try await sandbox.run(command + ["--verbose"])
        #expect(second.exitCode == 0)
        #expect(second.stdoutText == first.stdoutText)
        #expect(second.stderrText.contains("cache hit"))
        #expect(fixtures.requests.count == 1 + lookup)

        let refreshed = try await sandbox.run(command + ["--refresh"])
        #expect(refreshed.exitCode == 0)
        #expect(refreshed.stdoutText == first.stdoutText)
        #expect(fixtures.requests.count == 2 + lookup)

        // Other parameters are another request.
        let other = try await sandbox.run(command + ["--format", "json", provider == "nyt" ? "--sort=oldest" : "--cnt=2"])
        #expect(other.exitCode == 0)
        #expect(fixtures.requests.count == 3 + lookup)
    }

    @Test("revalidation: ETag, then If-None-Match, then 304 answered from the cache")
    func revalidation() async throws {
        let body = try Fixtures.real(FixtureServer.weatherFixture)
        let etag = #""forecast-v1""#
        let server = try LoopbackServer { request in
            if request.header("If-None-Match") == etag {
                return .status(304, headers: [("ETag", etag), ("Cache-Control", "max-age=0")])
            }
            return .json(body, headers: [("ETag", etag), ("Cache-Control", "max-age=0")])
        }
        let sandbox = try Sandbox(server: server)
        // The server answers every path with a forecast: the place is named by id, which needs no lookup.
        let first = try await sandbox.run(["weather", "--id", "501183"])
        #expect(first.exitCode == 0, "\(first.stderrText)")
        #expect(server.requests.first?.header("If-None-Match") == nil)

        let second = try await sandbox.run(["weather", "--id", "501183", "--verbose"])
        #expect(second.exitCode == 0, "\(second.stderrText)")
        #expect(second.stdoutText == first.stdoutText)
        #expect(second.stderrText.contains("cache revalidated"))
        #expect(second.stderrText.contains("-> 304"))
        #expect(server.requests.count == 2)
        #expect(server.requests.last?.header("If-None-Match") == etag)
    }

    @Test("Cache-Control: no-store is honoured: every run asks again")
    func noStore() async throws {
        let body = try Fixtures.real(FixtureServer.weatherFixture)
        let server = try LoopbackServer { _ in .json(body, headers: [("Cache-Control", "no-store")]) }
        let sandbox = try Sandbox(server: server)
        // The server answers every path with a forecast: the place is named by id, which needs no lookup.
        let first = try await sandbox.run(["weather", "--id", "501183"])
        let second = try await sandbox.run(["weather", "--id", "501183"])
        #expect(first.exitCode == 0 && second.exitCode == 0)
        #expect(server.requests.count == 2)
        #expect(try sandbox.count("apicli_http_cache") == 0)
    }
}
