import Foundation
import Testing
import TestSupport

/// A distinctive key travels to the server and nowhere else: not stdout, not
/// stderr (traces and every error included), not the store's files.
@Suite("API keys never leak, end to end")
struct KeyLeakTests {
    static let canaries = ["NYT_API_KEY": "canaryNYT9q8w7e6r", "OPENWEATHER_API_KEY": "canaryOWM1z2x3c4v"]

    @Test("the keys reach the server and appear in no output, error, trace or store file")
    func keysStayOnTheWire() async throws {
        // Each scenario has its own store, so NYT's 5 requests a minute never hold one up.
        let scenarios = try await withThrowingTaskGroup(of: Scenario.self) { group in
            group.addTask { try await Self.successes() }
            for (index, fault) in try Self.faults().enumerated() {
                group.addTask { try await Self.failures(fault, index: index) }
            }
            return try await group.reduce(into: [Scenario]()) { $0.append($1) }
        }
        #expect(scenarios.count == 10)
        let outputs = scenarios.flatMap(\.outputs)
        #expect(outputs.contains { $0.exitCode == 0 } && outputs.contains { $0.exitCode == 77 })
        #expect(outputs.contains { $0.exitCode == 65 } && outputs.contains { $0.exitCode == 75 })
        #expect(outputs.contains { $0.stderrText.contains("GET ") }, "--verbose traced something")

        for (variable, key) in Self.canaries {
            #expect(scenarios.allSatisfy { $0.sent.contains(key) }, "\(variable) was sent in every scenario")
            for result in outputs {
                #expect(!result.stdoutText.contains(key), "\(variable) in stdout")
                #expect(!result.stderrText.contains(key), "\(variable) in stderr: \(result.stderrText)")
            }
            for scenario in scenarios {
                #expect(scenario.database.count > 0)
                #expect(scenario.database.range(of: Data(key.utf8)) == nil, "\(variable) in the store's files")
            }
        }
    }

    /// What one scenario printed, what its server received, and its store's bytes.
    struct Scenario: Sendable {
        var outputs: [ProcessRunner.Result]
        var sent: String
        var database: Data
    }

    /// Every failure the server can cause.
    static func faults() throws -> [ScriptedResponse] {
        [
            .status(401, body: #"{"cod":401,"message":"Invalid API key"}"#),
            .json(try Fixtures.real("weather/weather-error-404-city-not-found.json"), status: 404),
            .json(
                try Fixtures.real("nyt/nyt-error-429-rate-limit-books.json"), status: 429,
                headers: [("Retry-After", "3600")]),
            .status(503),
            .reset,
            .json("not json at all"),
            .redirect(to: "http://127.0.0.2:9/elsewhere"),
            // Servers that quote the key back in their error bodies.
            .json(
                #"{"fault":{"faultstring":"Invalid ApiKey \#(canaries["NYT_API_KEY"] ?? "")","detail":{"errorcode":"oauth.v2.InvalidApiKey"}}}"#,
                status: 401),
            .json(#"{"cod":"400","message":"appid \#(canaries["OPENWEATHER_API_KEY"] ?? "") is not valid here"}"#, status: 400),
        ]
    }

    /// Successful runs, traced, in every format, then config and store commands.
    static func successes() async throws -> Scenario {
        let (sandbox, fixtures) = try Sandbox.withFixtures(extra: canaries)
        var outputs: [ProcessRunner.Result] = []
        for format in ["table", "json", "ndjson", "csv"] {
            async let nyt = sandbox.run(["nyt", "election", "--verbose", "--refresh", "--format", format])
            async let weather = sandbox.run(["weather", "Rostov", "Paris", "-v", "--refresh", "--format", format])
            outputs += try await [nyt, weather]
        }
        async let usage = sandbox.run(["nyt", "election", "--from", "bad", "--verbose"])
        async let list = sandbox.run(["config", "list"])
        async let getKey = sandbox.run(["config", "get", "nyt.api-key"])
        async let info = sandbox.run(["store", "info"])
        outputs += try await [usage, list, getKey, info]
        return Scenario(outputs: outputs, sent: Self.sent(fixtures), database: try sandbox.databaseBytes())
    }

    /// One fetch that works, then `fault` for every request, traced.
    static func failures(_ fault: ScriptedResponse, index: Int) async throws -> Scenario {
        let (sandbox, fixtures) = try Sandbox.withFixtures(extra: canaries.merging(["APICLI_TIMEOUT": "2"]) { $1 })
        async let nytFirst = sandbox.run(["nyt", "election"])
        async let weatherFirst = sandbox.run(["weather", "Rostov"])
        var outputs = try await [nytFirst, weatherFirst]
        fixtures.fail(with: fault)
        async let nyt = sandbox.run(["nyt", "election", "--verbose", "--refresh"])
        async let weather = sandbox.run(["weather", "Rostov", "--verbose", "--refresh"])
        async let unknown = sandbox.run(["weather", "Nowhere", "--verbose"])
        outputs += try await [nyt, weather, unknown]
        return Scenario(outputs: outputs, sent: Self.sent(fixtures), database: try sandbox.databaseBytes())
    }

    static func sent(_ fixtures: FixtureServer) -> String {
        fixtures.requests.map(\.headText).joined(separator: "\n")
    }
}
