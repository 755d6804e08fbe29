import Foundation
import Testing
import TestSupport

/// Fuzzing the built binary, not only its decoders: every number of every real
/// answer (NYT, forecasts, the Geocoding API's direct, zip and reverse answers,
/// the file providers' search answers) set to hostile values, shapes swapped,
/// bodies broken below JSON, random command lines and random `store sql` queries. Each
/// answer case runs `apicli` in every format, then `--offline` on what it stored.
///
/// Each test first runs its corpus (`Tests/Fixtures/fuzz-corpus`: every case that ever
/// failed), then a bounded number of cases drawn from a fresh seed, so that every run tries
/// new ones (200 number cases by default, about a minute in CI under plain `swift test`).
/// `APICLI_FUZZ_SEED` replays a seed; `APICLI_FUZZ_CASES=all` (or a number) runs more.
/// Each test prints its seed with the command that replays it, and how many cases and runs
/// it made and how many crashed; every failure message names the seed too.
@Suite("Fuzz: hostile answers and command lines, end to end", .serialized)
struct FuzzEndToEndTests {
    static let environment = ProcessInfo.processInfo.environment
    /// Two at a time: the machine has two cores, shared with the rest of the suite.
    static let workers = 2

    /// How many of `total` cases to run: `default` unless `APICLI_FUZZ_CASES` says otherwise.
    static func limit(_ total: Int, default count: Int) -> Int {
        switch environment["APICLI_FUZZ_CASES"] {
        case "all"?: total
        case let text?: min(Int(text) ?? count, total)
        case nil: min(count, total)
        }
    }

    /// Runs `lines` ``workers`` at a time, each bounded at 20 s, and hands each run to `check` in order of finishing.
    static func inPairs(
        _ lines: [[String]], in sandbox: Sandbox, check: ([String], ProcessRunner.Result) -> Void
    ) async throws {
        for chunk in stride(from: 0, to: lines.count, by: workers) {
            let batch = Array(lines[chunk..<min(chunk + workers, lines.count)])
            let results = try await withThrowingTaskGroup(of: ([String], ProcessRunner.Result).self) { group in
                for line in batch { group.addTask { (line, try await sandbox.run(line, timeout: .seconds(20))) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for (line, result) in results { check(line, result) }
        }
    }

    static func report(_ name: String, _ tally: FuzzTally, since start: ContinuousClock.Instant, seed: FuzzSeed) {
        let elapsed = ContinuousClock.now - start
        print(tally.summary(name, seconds: Double(elapsed.components.seconds)) + "; " + seed.description)
        for finding in tally.findings.prefix(40) { print("  " + finding.description) }
    }

    /// The checks every fuzz test ends with: no crash and no broken contract, each failure
    /// message naming the seed that replays it.
    static func expectNoFindings(_ tally: FuzzTally, seed: FuzzSeed, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(tally.crashes.isEmpty, "\(seed)\n\(tally.crashes.prefix(10).map(\.description).joined(separator: "\n"))",
                sourceLocation: sourceLocation)
        #expect(tally.contractProblems.isEmpty,
                "\(seed)\n\(tally.contractProblems.prefix(10).map(\.description).joined(separator: "\n"))",
                sourceLocation: sourceLocation)
    }

    @Test("every number of every real answer set to hostile values: no trap in any format, online or offline")
    func hostileNumbers() async throws {
        let start = ContinuousClock.now
        let seed = try FuzzSeed.draw(for: "FuzzEndToEndTests/hostileNumbers")
        let corpus = try BodyFuzzCase.corpusNumberCases()
        let all = try BodyFuzzCase.numberCases(FuzzTarget.all, seed: seed.value)
        let cases = corpus + all.prefix(Self.limit(all.count, default: 200))
        let tally = await BodyFuzzRunner.run(cases, workers: Self.workers, seed: seed)
        Self.report("hostile numbers (\(corpus.count) from the corpus, then \(cases.count - corpus.count) of \(all.count))",
                    tally, since: start, seed: seed)
        #expect(tally.cases == cases.count, "\(seed)")
        #expect(tally.runs >= cases.count * 8, "\(seed)")
        Self.expectNoFindings(tally, seed: seed)
    }

    @Test("bodies that are not JSON or not text: no trap, one error line, a documented exit code")
    func invalidBytes() async throws {
        let start = ContinuousClock.now
        let seed = try FuzzSeed.draw(for: "FuzzEndToEndTests/invalidBytes")
        let targets = [FuzzTarget.nyt[1], FuzzTarget.forecasts[3], FuzzTarget.lookups[0], FuzzTarget.files[0]]
        let corpus = try BodyFuzzCase.corpusBodies(for: targets)
        let all = try BodyFuzzCase.invalidByteCases(targets, count: InvalidBytes.kinds, seed: seed.value)
        let cases = corpus + all.prefix(Self.limit(all.count, default: all.count))
        let tally = await BodyFuzzRunner.run(cases, workers: Self.workers, seed: seed)
        Self.report("invalid bytes (\(corpus.count) from the corpus)", tally, since: start, seed: seed)
        #expect(tally.runs >= cases.count * 8, "\(seed)")
        Self.expectNoFindings(tally, seed: seed)
    }

    @Test("random command lines from the command tree's words and hostile values: no trap, documented exit codes")
    func commandLines() async throws {
        let start = ContinuousClock.now
        let seed = try FuzzSeed.draw(for: "FuzzEndToEndTests/commandLines")
        let (sandbox, _) = try Sandbox.withFixtures(extra: ["APICLI_TIMEOUT": "3", "COLUMNS": "80"])
        var providerOptions: [String: [String]] = [:]
        for provider in ["nyt", "weather"] {
            let help = try await sandbox.run([provider, "--help"])
            let words = help.stdoutText.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") })
            providerOptions[provider] = Array(Set(words.filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init))).sorted()
            #expect(providerOptions[provider]?.isEmpty == false, "\(provider) --help lists its options")
        }
        let packageBefore = try Self.packageRootListing()
        var generator = ArgvFuzz(providerOptions: providerOptions, seed: seed.value)
        let corpus = try FuzzCorpus.cases("command-lines.json", as: FuzzCorpus.CommandLine.self).map(\.line)
        let count = Self.limit(100_000, default: 300)
        let lines = corpus + (0..<count).map { _ in generator.next() }
        var tally = FuzzTally()
        try await Self.inPairs(lines, in: sandbox) { line, result in
            tally.cases += 1
            tally.runs += 1
            tally.findings += FuzzVerdict.check(result, arguments: line, label: "argv", strict: false)
        }
        Self.report("command lines (\(corpus.count) from the corpus)", tally, since: start, seed: seed)
        #expect(tally.runs == lines.count, "\(seed)")
        Self.expectNoFindings(tally, seed: seed)
        // A relative path (`--db -91,0`) lands in the folder apicli runs in, never in the package.
        #expect(try Self.packageRootListing() == packageBefore, "\(seed)")
    }

    /// The names at the package's root: a run that writes there leaves a name behind.
    static func packageRootListing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Fixtures.packageRoot.path).sorted()
    }

    @Test("random store sql queries in every format: no trap, one error line, documented exit codes, the store's bytes unchanged")
    func storeSQL() async throws {
        let start = ContinuousClock.now
        let seed = try FuzzSeed.draw(for: "FuzzEndToEndTests/storeSQL")
        let (sandbox, _) = try Sandbox.withFixtures(extra: ["COLUMNS": "80"])
        #expect(try await sandbox.run(["nyt", "election"]).exitCode == 0)
        #expect(try await sandbox.run(["weather", "Rostov"]).exitCode == 0)
        let before = StoreSQLEndToEndTests.data(sandbox)
        var generator = SQLFuzz(seed: seed.value)
        let corpus = try FuzzCorpus.cases("store-sql.json", as: FuzzCorpus.CommandLine.self).map(\.line)
        let count = Self.limit(100_000, default: 300)
        let lines = corpus + (0..<count).map { _ in generator.next() }
        var tally = FuzzTally()
        try await Self.inPairs(lines, in: sandbox) { line, result in
            tally.cases += 1
            tally.runs += 1
            tally.findings += FuzzVerdict.check(result, arguments: line, label: "store sql")
        }
        Self.report("store sql (\(corpus.count) from the corpus)", tally, since: start, seed: seed)
        #expect(tally.runs == lines.count, "\(seed)")
        Self.expectNoFindings(tally, seed: seed)
        #expect(StoreSQLEndToEndTests.data(sandbox) == before, "a query changed the store; \(seed)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/fuzz-copy.sqlite3"), "\(seed)")
    }
}
