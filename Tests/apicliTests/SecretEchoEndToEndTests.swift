import Foundation
import Testing
import TestSupport

/// Secrets a server or the user's own settings put where they could leak: a key a
/// server echoes back, and a password written into a base URL.
@Suite("Echoed keys and URL passwords, end to end")
struct SecretEchoEndToEndTests {
    @Test("a key the server echoes in headers and body is stored nowhere and printed nowhere")
    func echoedKey() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let key = Sandbox.weatherKey
        var body = try Fixtures.real(FixtureServer.weatherFixture)
        // A server that quotes the request back: the key in a header, the ETag and the JSON.
        let marker = Data(#""name":"Ростов""#.utf8)
        let range = try #require(body.range(of: marker))
        body.replaceSubrange(range, with: Data(#""name":"Ростов","echo":"appid=\#(key)""#.utf8))
        // The place is named by its id (one forecast request, no geocoding), so that the one
        // cached answer is the echoing one.
        fixtures.answer(
            .json(body, headers: [("X-Echo-Query", "id=501183&appid=\(key)"), ("ETag", "\"\(key)\"")]),
            when: { $0.path == FixtureServer.weatherPath })

        let result = try await sandbox.run(["weather", "--id", "501183", "--verbose"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.contains("Ростов"))
        #expect(fixtures.requests.last?.query("appid") == key)
        #expect(!result.stdoutText.contains(key) && !result.stderrText.contains(key))
        let cached = try sandbox.rows("SELECT headers, etag, body FROM apicli_http_cache")
        #expect(cached.count == 1)
        #expect(cached.first?["headers"].string?.contains("appid=***") == true, "\(cached.first?["headers"].string ?? "")")
        #expect(try sandbox.databaseBytes().range(of: Data(key.utf8)) == nil, "the key is in the store's files")
        // The stored answer still reads back offline.
        let offline = try await sandbox.run(["weather", "--id", "501183", "--offline"])
        #expect(offline.exitCode == 0, "\(offline.stderrText)")
        #expect(offline.stdoutText.contains("Ростов"))
    }

    @Test("a password in a base URL is shown as *** in traces and errors, and never stored")
    func passwordInBaseURL() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let password = "pw-SECRET-77a1"
        let port = try #require(sandbox.server.baseURL.port)
        let base = "http://user:\(password)@127.0.0.1:\(port)"

        let traced = try await sandbox.run(["weather", "--id", "501183", "--verbose"], set: ["APICLI_WEATHER_BASE_URL": base])
        #expect(traced.exitCode == 0, "\(traced.stderrText)")
        #expect(traced.stderrText.contains("http://user:***@127.0.0.1:\(port)/data/2.5/forecast"), "\(traced.stderrText)")

        fixtures.fail(with: .status(404, body: "{}"))
        let failed = try await sandbox.run(["nyt", "election", "-v"], set: ["APICLI_NYT_BASE_URL": base])
        #expect(failed.exitCode != 0)
        #expect(failed.stderrText.contains("user:***@"), "\(failed.stderrText)")

        let invalid = try await sandbox.run(["weather", "Rostov"], set: ["APICLI_WEATHER_BASE_URL": "ftp://user:\(password)@host"])
        #expect(invalid.exitCode == 78)
        #expect(invalid.stderrText == "apicli: error: APICLI_WEATHER_BASE_URL must be an http(s) URL, not 'ftp://user:***@host'\n")

        for result in [traced, failed, invalid] {
            #expect(!result.stdoutText.contains(password) && !result.stderrText.contains(password))
        }
        #expect(try sandbox.databaseBytes().range(of: Data(password.utf8)) == nil, "the password is in the store's files")
        #expect(try sandbox.count("apicli_http_cache") == 1)
    }
}
