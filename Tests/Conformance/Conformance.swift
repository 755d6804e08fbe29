import APIHost
import Foundation
import Testing

/// The contract every provider must meet, run from its own test target in one line:
///
///     @Test func conformance() async {
///         await Conformance.expect(WeatherProvider(), arguments: ["Paris"], fixtures: Fixtures.forecastFiles)
///     }
///
/// It checks that every fixture decodes; that persist then load gives back the
/// same `--format json` document; that every output format prints the answer
/// (the table's header names the declared columns over the expected rows, the
/// CSV is RFC 4180 with the declared header and records, the JSON is an array
/// of the expected elements, NDJSON one per line); that a known fake key never shows
/// in stdout, stderr or the store file after real runs through an in-process
/// host and a loopback server; and that help and bash completions mention every
/// declared option (and `bash -n` accepts the script).
public enum Conformance {
    /// Records one test issue per broken rule, at the caller's line.
    public static func expect<P: Provider>(
        _ provider: P, arguments: [String], fixtures: [URL], sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        if fixtures.isEmpty {
            Issue.record("no fixtures given: ship at least one successful body", sourceLocation: sourceLocation)
        }
        for failure in await failures(of: provider, arguments: arguments, fixtures: fixtures) {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
    }

    /// Every broken rule as one line, empty when `provider` conforms.
    ///
    /// - Parameters:
    ///   - arguments: a command line for the provider (`["Paris"]`) that one query comes from.
    ///   - fixtures: successful response bodies the provider must read; the first
    ///     one is what the loopback server answers during the host runs.
    public static func failures<P: Provider>(of provider: P, arguments: [String], fixtures: [URL]) async -> [String] {
        var failures: [String] = []
        let query: P.Query
        do {
            guard let first = try provider.queries(from: ParsedCommand(arguments: arguments)).first else {
                return ["\(arguments) gives no query"]
            }
            query = first
        } catch {
            return ["\(arguments) is not a valid command line: \(error)"]
        }
        failures += HelpChecks.failures(of: provider.descriptor)
        failures += CapabilitiesChecks.failures(of: provider, command: ParsedCommand(arguments: arguments))
        failures += await HelpChecks.bashSyntaxFailures(of: provider.descriptor)
        for fixture in fixtures {
            failures += FixtureChecks.failures(of: provider, query: query, fixture: fixture)
        }
        if let body = fixtures.first.flatMap({ try? Data(contentsOf: $0) }) {
            failures += await HostRunChecks.failures(of: provider, arguments: arguments, body: body)
        }
        return failures
    }
}
