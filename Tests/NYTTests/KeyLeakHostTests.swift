import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import NYT

/// A distinctive NYT key travels to the server and nowhere else: not stdout, not
/// stderr (traces and every error included), not the store's files, whatever the
/// server does (``LeakingFaults``). In-process; each scenario has its own store.
/// (This was the NYT half of the binary's `KeyLeakTests`.)
@Suite("NYT's key never leaks, in-process")
struct KeyLeakHostTests {
    static let canary = "canaryNYT9q8w7e6r"

    @Test("the key reaches the server and appears in no output, error, trace or store file")
    func keyStaysOnTheWire() async throws {
        let formats = ["table", "json", "ndjson", "csv"].map { ["nyt", "election", "--verbose", "--refresh", "--format", $0] }
        let scenarios = try await LeakScenario.all(
            quoting: Self.canary,
            make: {
                let nyt = try NYTHost(variables: ["NYT_API_KEY": Self.canary, "APICLI_TIMEOUT": "2"])
                return (nyt.host, { nyt.routes.fail(with: $0) })
            },
            successes: formats + [
                ["nyt", "election", "--from", "bad", "--verbose"], ["config", "list"], ["config", "get", "nyt.api-key"], ["store", "info"],
            ],
            first: ["nyt", "election"],
            afterwards: [["nyt", "election", "--verbose", "--refresh"], ["nyt", "other", "words", "--verbose"]])

        #expect(scenarios.count == 10)
        let codes = Set(scenarios.flatMap(\.runs).map(\.code))
        #expect(codes.isSuperset(of: [.success, .permissionDenied, .dataError, .temporaryFailure, .usage]), "\(codes)")
        #expect(scenarios.flatMap(\.runs).contains { $0.stderr.contains("GET ") }, "--verbose traced something")
        let leaks = LeakScenario.leaks(of: Self.canary, in: scenarios)
        #expect(leaks.isEmpty, "\(leaks)")
    }
}
