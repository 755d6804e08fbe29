import Foundation
import Testing
import TestSupport

/// Settings that would send a request somewhere else, words that would leave the
/// provider's path, and answers libcurl refuses (issue 23, items 4, 5 and 14), from the
/// built binary: the exit code, the one line, and what reached the server and the store.
@Suite("Base URLs, CA files, path segments and refused answers, end to end")
struct ConfigAndWireEndToEndTests {
    @Test("an empty, malformed, query- or fragment-bearing base URL is 78 before anything is sent; nothing stored changes")
    func badBaseURL() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        #expect(try await sandbox.run(["weather", "Rostov"]).exitCode == 0)
        let stored = StoreSQLEndToEndTests.data(sandbox)
        let sent = fixtures.requests.count
        let base = sandbox.server.baseURL.absoluteString
        let cases: [(String, String)] = [
            ("", "apicli: error: APICLI_WEATHER_BASE_URL is set but empty; unset it to use https://api.openweathermap.org, or give an http(s) URL\n"),
            ("   ", "apicli: error: APICLI_WEATHER_BASE_URL is set but empty; unset it to use https://api.openweathermap.org, or give an http(s) URL\n"),
            ("not a url", "apicli: error: APICLI_WEATHER_BASE_URL must be an http(s) URL, not 'not a url'\n"),
            ("http://", "apicli: error: APICLI_WEATHER_BASE_URL must be an http(s) URL, not 'http://'\n"),
            (base + "#x", "apicli: error: APICLI_WEATHER_BASE_URL must not have a query or a fragment ('?' or '#'), since the API's path is appended to it: '\(base)#x'\n"),
            (base + "?a=b", "apicli: error: APICLI_WEATHER_BASE_URL must not have a query or a fragment ('?' or '#'), since the API's path is appended to it: '\(base)?a=b'\n"),
        ]
        for (value, message) in cases {
            let result = try await sandbox.run(["weather", "London", "--refresh"], set: ["APICLI_WEATHER_BASE_URL": value])
            #expect(result.exitCode == 78, "'\(value)': \(result.stderrText)")
            #expect(result.stderrText == message, "'\(value)'")
            #expect(result.stdout.isEmpty, "'\(value)': stale results were shown")
        }
        #expect(fixtures.requests.count == sent)
        #expect(StoreSQLEndToEndTests.data(sandbox) == stored)
    }

    @Test("a missing APICLI_CA_FILE is 78, not a network failure with stale results; nothing is sent")
    func missingCAFile() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        #expect(try await sandbox.run(["weather", "Rostov"]).exitCode == 0)
        let stored = StoreSQLEndToEndTests.data(sandbox)
        let sent = fixtures.requests.count
        let missing = sandbox.home.path("no-such-ca.pem")
        for file in [missing, sandbox.home.path("")] {
            let result = try await sandbox.run(["weather", "Rostov", "--refresh"], set: ["APICLI_CA_FILE": file])
            #expect(result.exitCode == 78, "\(result.stderrText)")
            #expect(result.stderrText == "apicli: error: APICLI_CA_FILE names \(file), which is not a readable file; give a PEM file of certificate authorities, or unset it\n")
            #expect(result.stdout.isEmpty)
        }
        #expect(fixtures.requests.count == sent)
        // --offline sends nothing, so the variable does not matter there.
        let offline = try await sandbox.run(["weather", "Rostov", "--offline"], set: ["APICLI_CA_FILE": missing])
        #expect(offline.exitCode == 0, "\(offline.stderrText)")
        #expect(StoreSQLEndToEndTests.data(sandbox) == stored)
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
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        try sandbox.installProviderFile("pseg", Self.segmentFile)
        fixtures.answer(.json(#"{"items": [{"title": "seen"}]}"#)) { $0.path.hasPrefix("/api/items/") }
        let environment = sandbox.baseURL(for: "pseg").merging(["PSEG_API_KEY": "tok-12345"]) { _, new in new }
        let result = try await sandbox.run(["pseg", word, "--format", "csv"], set: environment)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasSuffix("\r\nseen\r\n"), "\(result.stdoutText)")
        let expected = ["." : "%2E", "..": "%2E%2E", "a/../..": "a%2F..%2F.."][word] ?? ""
        #expect(fixtures.requests.map(\.path) == ["/api/items/\(expected)/detail"])
    }
}
