import APIHost
import Foundation
import Testing
import TestSupport

/// Every global option works before the command as well as after it, in both
/// `--name value` and `--name=value` forms, for a provider and for the built-in
/// `store` and `config` commands; `--` ends options. In-process on a stub
/// provider: where an option is placed is the host's parsing, not a provider's.
/// (`config` sets one of the stub's declared options; that case was Weather's `ConfigOptionsTests`.)
@Suite("Global options before and after the command, in-process")
struct GlobalOptionsTests {
    /// Titles longer than the 40 columns the runs are given, so only `--wide` draws longer lines.
    static let records = #"""
        [{"id": "1", "title": "A first record whose title is longer than forty columns"},
         {"id": "2", "title": "A second record whose title is longer than forty columns too"}]
        """#

    static func host(_ variables: [String: String] = [:]) throws -> InProcessHost {
        try InProcessHost(sources: [.compiled([StubProvider()])], variables: ["COLUMNS": "40"].merging(variables) { _, given in given }) { _, _ in
            InProcessHost.json(Self.records)
        }
    }

    /// Each global option, spelled the ways a user types it, with what it must change.
    static let providerCases: [(words: [String], check: @Sendable (InProcessHost.Run) -> Bool)] = [
        (["-f", "csv"], { isCSV($0.stdout) }),
        (["--format", "csv"], { isCSV($0.stdout) }),
        (["--format=csv"], { isCSV($0.stdout) }),
        (["-f", "ndjson"], { $0.stdout.hasPrefix("{") && $0.stdout.split(separator: "\n").count == 2 }),
        (["--json"], { $0.stdout.hasPrefix("[") }),
        (["--color", "always"], { $0.stdout.contains("\u{1B}[1m") }),
        (["--color=never"], { !$0.stdout.contains("\u{1B}") && !$0.stdout.isEmpty }),
        (["--wide"], { $0.stdout.split(separator: "\n").contains { $0.count > 40 } }),
        (["-q"], { $0.stderr.isEmpty && !$0.stdout.isEmpty }),
        // A trace line either way: the request, or the cache hit when the other placement ran first.
        (["--verbose"], { $0.stderr.contains("apicli: GET ") || $0.stderr.contains("apicli: cache hit ") }),
    ]

    /// A header line naming the stub's fields, then one line per record (CSV lines end in CRLF).
    static func isCSV(_ text: String) -> Bool {
        let lines = text.split(whereSeparator: \.isNewline)
        return lines.count == 3 && lines[0].lowercased().contains("id,") && lines[0].lowercased().contains("title")
            && lines[1].contains(",")
    }

    @Test("a provider takes every global option before and after its words", arguments: 0..<providerCases.count)
    func provider(_ index: Int) async throws {
        let host = try Self.host()
        let (words, check) = Self.providerCases[index]
        let before = await host.run(words + ["stub", "words"])
        let after = await host.run(["stub", "words"] + words)
        for (place, run) in [("before", before), ("after", after)] {
            #expect(run.code == .success, "\(words) \(place): \(run.stderr)")
            #expect(check(run), "\(words) \(place): \(run.stdout.prefix(200)) \(run.stderr.prefix(200))")
        }
    }

    @Test("without the options, none of the provider cases' checks holds by accident")
    func checksCanFail() async throws {
        let plain = try await Self.host().run(["stub", "words", "--color", "never"])
        #expect(plain.code == .success)
        for (words, check) in Self.providerCases where !["--color=never", "-q"].contains(words.joined(separator: " ")) {
            #expect(!check(plain), "\(words) holds for a plain run")
        }
    }

    @Test("--refresh before or after the command sends a request; without it the cache answers")
    func refresh() async throws {
        let host = try Self.host()
        for (words, expected) in [
            (["stub", "words"], 1), (["--refresh", "stub", "words"], 2), (["stub", "words", "--refresh"], 3), (["stub", "words"], 3),
        ] {
            let run = await host.run(words)
            #expect(run.code == .success, "\(words): \(run.stderr)")
            #expect(host.transport.requests.count == expected, "\(words)")
        }
    }

    @Test("--offline and --db before the command, and after it")
    func offlineAndDatabase() async throws {
        let host = try Self.host()
        let other = host.directory.path("other.sqlite3")
        let fetched = await host.run(["--db", other, "stub", "words"])
        #expect(fetched.code == .success, "\(fetched.stderr)")
        let before = await host.run(["--offline", "--db=" + other, "stub", "words", "-f", "csv"])
        let after = await host.run(["stub", "words", "--offline", "--db", other, "-f", "csv"])
        let elsewhere = await host.run(["--offline", "stub", "words"])
        #expect(before.code == .success && after.code == .success, "\(before.stderr) \(after.stderr)")
        #expect(before.stdout == after.stdout && Self.isCSV(before.stdout), "\(before.stdout)")
        // The default store was never written: the run went to --db.
        #expect(elsewhere.code == .unavailable, "\(elsewhere.stderr)")
        #expect(host.transport.requests.count == 1)
    }

    @Test("store takes --db and --quiet before and after it", arguments: [
        ["--db", "PATH", "store", "info"], ["--db=PATH", "store", "info"], ["store", "info", "--db", "PATH"],
        ["-q", "--db", "PATH", "store", "info"], ["store", "--db=PATH", "info", "--quiet"],
    ])
    func store(_ template: [String]) async throws {
        let host = try Self.host()
        let other = host.directory.path("elsewhere.sqlite3")
        let fetched = await host.run(["stub", "words", "--db", other])
        #expect(fetched.code == .success, "\(fetched.stderr)")
        let words = template.map { $0.replacingOccurrences(of: "PATH", with: other) }
        let run = await host.run(words)
        #expect(run.code == .success, "\(words): \(run.stderr)")
        #expect(run.stdout.hasPrefix("path     \(other)\n"), "\(run.stdout)")
    }

    @Test("config takes global options before and after it")
    func config() async throws {
        let host = try InProcessHost(sources: [.compiled([StubProvider(options: StubProvider.sampleOptions)])]) { _, _ in
            InProcessHost.json("[]")
        }
        let set = await host.run(["--quiet", "config", "set", "stub.units", "imperial"])
        #expect(set.code == .success, "\(set.stderr)")
        let before = await host.run(["--color", "never", "config", "get", "stub.units"])
        let after = await host.run(["config", "get", "stub.units", "--color=never", "-q"])
        #expect(before.code == .success && after.code == .success, "\(before.stderr) \(after.stderr)")
        #expect(before.stdout == "imperial\n" && after.stdout == "imperial\n", "\(before.stdout)")
        #expect(host.transport.requests.isEmpty)
    }

    @Test("a value is never taken for the command, and -- ends options")
    func valuesAndDoubleDash() async throws {
        let host = try Self.host()
        let dashed = await host.run(["-f", "csv", "--", "stub", "words"])
        #expect(dashed.code == .success && Self.isCSV(dashed.stdout), "\(dashed.stderr)")
        let bundled = await host.run(["-qf", "csv", "stub", "words"])
        #expect(bundled.code == .success && Self.isCSV(bundled.stdout), "\(bundled.stderr)")
    }

    @Test("--help and -h before or after a provider or a built-in command print its help", arguments: [
        (["--help", "stub"], "apicli stub: "), (["stub", "-h"], "apicli stub: "),
        (["-h", "store"], "apicli store: "), (["store", "--help"], "apicli store: "), (["config", "-h"], "apicli config: "),
    ])
    func help(words: [String], prefix: String) async throws {
        let host = try Self.host()
        let run = await host.run(words)
        #expect(run.code == .success, "\(words): \(run.stderr)")
        #expect(run.stdout.hasPrefix(prefix), "\(words): \(run.stdout.prefix(80))")
        #expect(host.transport.requests.isEmpty)
    }

    @Test("contradictions and empty values are usage errors, before anything is sent", arguments: [
        ["--json", "--format", "csv", "stub", "words"], ["stub", "words", "-f", "ndjson", "--json"],
        ["--db", "", "store", "info"], ["--db=", "stub", "words"], ["--format", "xml", "stub", "words"],
        ["-f"], ["--color", "stub", "words"],
    ])
    func usageErrors(_ words: [String]) async throws {
        let host = try Self.host()
        let run = await host.run(words)
        #expect(run.code == .usage, "\(words): \(run.stderr)")
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(host.transport.requests.isEmpty)
    }
}
