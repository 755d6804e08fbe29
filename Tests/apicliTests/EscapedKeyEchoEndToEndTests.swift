import Foundation
import Testing
import TestSupport

/// A server that echoes the key with JSON `\u` escapes, only partly escaped, or
/// percent-encoded: a decoder turns each back into the key, so none may reach the
/// output, the stored rows, the full-text index or the response cache — for NYT
/// (a key in the query) and for a provider file whose key travels in a header.
@Suite("A key echoed with escapes, end to end")
struct EscapedKeyEchoEndToEndTests {
    enum Echo: String, CaseIterable, Sendable {
        case escaped, partlyEscaped, percentEncoded, partlyPercentEncoded

        /// `key` as this echo writes it inside a JSON string.
        func written(_ key: String) -> String {
            key.unicodeScalars.enumerated().map { index, scalar in
                let hex = String(scalar.value, radix: 16, uppercase: true)
                switch self {
                case .escaped: return "\\u00" + hex
                case .partlyEscaped: return index % 3 == 1 ? "\\u00" + hex : String(scalar)
                case .percentEncoded: return "%" + hex
                case .partlyPercentEncoded: return index % 4 == 2 ? "%" + hex.lowercased() : String(scalar)
                }
            }.joined()
        }
    }

    /// `body` with `echo` written at the start of the first string after `marker`.
    static func echoing(_ body: Data, after marker: String, _ echo: String) throws -> Data {
        var body = body
        let range = try #require(body.range(of: Data(marker.utf8)))
        body.replaceSubrange(range, with: Data((marker + "Invalid key " + echo + " ").utf8))
        return body
    }

    /// Nothing a run printed, nothing stored, holds the key or the echo as written.
    static func expectNowhere(_ key: String, _ echo: String, in outputs: [ProcessRunner.Result], sandbox: Sandbox) throws {
        for output in outputs {
            #expect(!output.stdoutText.contains(key) && !output.stderrText.contains(key), "\(output.stdoutText.prefix(400))")
            #expect(!output.stdoutText.contains(echo), "\(output.stdoutText.prefix(400))")
        }
        let bytes = try sandbox.databaseBytes()
        #expect(bytes.range(of: Data(key.utf8)) == nil, "the key is in the store's files")
        #expect(bytes.range(of: Data(echo.utf8)) == nil, "the echo is in the store's files")
        #expect(bytes.range(of: Data(key.lowercased().utf8)) == nil, "the key is in the full-text index")
    }

    @Test("NYT: the echo is *** in every format, in the rows and in the index", arguments: Echo.allCases)
    func nyt(echo: Echo) async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let written = echo.written(Sandbox.nytKey)
        let body = try Self.echoing(Fixtures.real(FixtureServer.nytFixture), after: #""snippet":""#, written)
        fixtures.answer(.json(body)) { $0.path == FixtureServer.nytPath }
        var outputs: [ProcessRunner.Result] = []
        for format in ["json", "table", "csv", "ndjson"] {
            let run = try await sandbox.run(["nyt", "boko", "haram", "--refresh", "--format", format])
            #expect(run.exitCode == 0, "\(format): \(run.stderrText)")
            outputs.append(run)
        }
        #expect(outputs[0].stdoutText.contains("Invalid key *** "), "\(outputs[0].stdoutText.prefix(600))")
        let offline = try await sandbox.run(["nyt", "invalid", "key", "--offline", "--json"])
        #expect(offline.exitCode == 0, "\(offline.stderrText)")
        #expect(offline.stdoutText.contains("Invalid key *** "))
        outputs.append(offline)
        let indexed = try sandbox.rows(
            "SELECT COUNT(*) FROM nyt_articles_fts WHERE nyt_articles_fts MATCH '\"nytkey\" OR \"4f1c9a\"'")
        #expect(indexed.first?[0].int == 0)
        try Self.expectNowhere(Sandbox.nytKey, written, in: outputs, sandbox: sandbox)
    }

    @Test("a provider file with a header key: the echo is *** in the output and the store", arguments: Echo.allCases)
    func headerKey(echo: Echo) async throws {
        let key = HeaderKeyEndToEndTests.key
        let (sandbox, fixtures) = try Sandbox.withFixtures(extra: ["APICLI_TIMEOUT": "3"])
        let written = echo.written(key)
        let body = try Self.echoing(Fixtures.real(Sandbox.hnFixture), after: #""title": ""#, written)
        fixtures.answer(.json(body)) { $0.path == Sandbox.hnPath }
        try sandbox.installProviderFile("algolia", HeaderKeyEndToEndTests.file)
        let env = sandbox.baseURL(for: "algolia").merging(["ALGOLIA_API_KEY": key]) { _, new in new }
        var outputs: [ProcessRunner.Result] = []
        for format in ["json", "table", "csv"] {
            let run = try await sandbox.run(["algolia", "gibberish", "--refresh", "--format", format], set: env)
            #expect(run.exitCode == 0, "\(format): \(run.stderrText)")
            outputs.append(run)
        }
        #expect(fixtures.requests.last?.header(HeaderKeyEndToEndTests.header) == key)
        #expect(outputs[0].stdoutText.contains("Invalid key *** "), "\(outputs[0].stdoutText.prefix(600))")
        try Self.expectNowhere(key, written, in: outputs, sandbox: sandbox)
    }

    @Test("a key under 8 characters is refused before anything is sent, with one line saying why")
    func shortKeyRefused() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let run = try await sandbox.run(["nyt", "election"], set: ["NYT_API_KEY": "x7"])
        #expect(run.exitCode == 78)
        #expect(run.stderrText == "apicli: error: the NYT API key is 2 characters long; apicli refuses keys "
                + "under 8, which cannot be kept out of output without mangling words that contain them; set the full "
                + "key with NYT_API_KEY or 'apicli config set nyt.api-key'\n", "\(run.stderrText)")
        #expect(fixtures.requests.isEmpty)
    }
}
