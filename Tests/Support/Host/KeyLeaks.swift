import APIHTTP
import Foundation

/// Every failure a server can cause, as answers for a stub transport, for tests
/// that a key reaches the server and nowhere else whatever goes wrong: a 401, a
/// 404, a 429 with a long Retry-After, a 503, a reset connection, a body that is
/// not JSON, a redirect, and two error bodies that quote the key back (an Apigee
/// fault, as NYT's gateway sends, and an OpenWeather `message`).
public enum LeakingFaults {
    public static func all(quoting key: String) throws -> [StubRoutes.Answer] {
        let notFound = try Fixtures.real("weather/weather-error-404-city-not-found.json")
        let rateLimited = try Fixtures.real("nyt/nyt-error-429-rate-limit-books.json")
        return [
            { _ in json(#"{"cod":401,"message":"Invalid API key"}"#, status: 401) },
            { _ in HTTPResponse(status: 404, headers: ["Content-Type": "application/json"], body: notFound) },
            { _ in HTTPResponse(status: 429, headers: ["Content-Type": "application/json", "Retry-After": "3600"], body: rateLimited) },
            { _ in HTTPResponse(status: 503) },
            { request in throw HTTPClientError.connectionFailed(url: request.redactedURL, reason: "connection reset by peer") },
            { _ in json("not json at all") },
            { _ in HTTPResponse(status: 302, headers: ["Location": "http://127.0.0.2:9/elsewhere"]) },
            { _ in
                json(#"{"fault":{"faultstring":"Invalid ApiKey \#(key)","detail":{"errorcode":"oauth.v2.InvalidApiKey"}}}"#, status: 401)
            },
            { _ in json(#"{"cod":"400","message":"appid \#(key) is not valid here"}"#, status: 400) },
        ]
    }

    static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
}

/// What one key-leak scenario printed, sent and stored: the runs of one host, the
/// URLs its transport was given, and its store's files.
public struct LeakScenario: Sendable {
    public var runs: [InProcessHost.Run]
    public var sent: [String]
    public var store: Data

    public init(_ host: InProcessHost, runs: [InProcessHost.Run]) throws {
        self.runs = runs
        // What went on the wire: the URL and the headers as sent (a bearer token travels in one).
        sent = host.transport.requests.map { request in
            ([request.url.absoluteString] + request.transportHeaders.map { $0.name + ": " + $0.value }).joined(separator: "\n")
        }
        store = try host.storeBytes()
    }

    /// Every place `secret` shows but should not, one line each (empty when it stayed
    /// on the wire): a scenario that never sent it, a run that printed it, a store that holds it.
    public static func leaks(of secret: String, in scenarios: [LeakScenario]) -> [String] {
        var found: [String] = []
        for (index, scenario) in scenarios.enumerated() {
            if !scenario.sent.contains(where: { $0.contains(secret) }) { found.append("scenario \(index) never sent it") }
            if scenario.store.isEmpty { found.append("scenario \(index) stored nothing") }
            if scenario.store.range(of: Data(secret.utf8)) != nil { found.append("scenario \(index): in the store's files") }
            for run in scenario.runs {
                if run.stdout.contains(secret) { found.append("scenario \(index): in stdout") }
                if run.stderr.contains(secret) { found.append("scenario \(index): in stderr: \(run.stderr)") }
            }
        }
        return found
    }
}

extension LeakScenario {
    /// A host for one scenario, and how to make its transport fail from now on.
    public typealias Failable = (host: InProcessHost, fail: (@escaping StubRoutes.Answer) -> Void)

    /// Ten scenarios, each on a fresh host from `make`: `successes` in turn, then, for
    /// each of ``LeakingFaults/all(quoting:)``, `first` fetched while the server
    /// works and `afterwards` run once it fails.
    public static func all(
        quoting key: String, make: () throws -> Failable, successes: [[String]], first: [String], afterwards: [[String]]
    ) async throws -> [LeakScenario] {
        let working = try make()
        var runs: [InProcessHost.Run] = []
        for words in successes { runs.append(await working.host.run(words)) }
        var scenarios = [try LeakScenario(working.host, runs: runs)]
        for fault in try LeakingFaults.all(quoting: key) {
            let failing = try make()
            var runs = [await failing.host.run(first)]
            failing.fail(fault)
            for words in afterwards { runs.append(await failing.host.run(words)) }
            scenarios.append(try LeakScenario(failing.host, runs: runs))
        }
        return scenarios
    }
}
