import Foundation
import Testing
import TestSupport

/// Fuzzing the built binary, not only its decoders: every number of every real
/// answer (NYT, forecasts, the Geocoding API's direct, zip and reverse answers,
/// the file providers' search answers) set to hostile values, shapes swapped,
/// bodies broken below JSON, random command lines and random `store sql` queries. Each
/// answer case runs `apicli` in every format, then `--offline` on what it stored.
///
/// Bounded and deterministic: a fixed seed and a fixed number of cases, so it
/// runs in CI under plain `swift test` in about a minute (200 number cases by default). `APICLI_FUZZ_CASES=all`
/// (or a number) runs more; `APICLI_FUZZ_SEED` draws other cases. Each test
/// prints how many cases and runs it made and how many crashed.
@Suite("Fuzz: hostile answers and command lines, end to end", .serialized)
struct FuzzEndToEndTests {
    static let environment = ProcessInfo.processInfo.environment
    static let seed = environment["APICLI_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x00A9_1C11
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

    static func report(_ name: String, _ tally: FuzzTally, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        print(tally.summary(name, seconds: Double(elapsed.components.seconds)))
        for finding in tally.findings.prefix(40) { print("  " + finding.description) }
    }

    @Test("every number of every real answer set to hostile values: no trap in any format, online or offline")
    func hostileNumbers() async throws {
        let start = ContinuousClock.now
        let all = try BodyFuzzCase.numberCases(FuzzTarget.all, seed: Self.seed)
        let cases = Array(all.prefix(Self.limit(all.count, default: 200)))
        let tally = await BodyFuzzRunner.run(cases, workers: Self.workers)
        Self.report("hostile numbers (\(cases.count) of \(all.count) cases)", tally, since: start)
        #expect(tally.cases == cases.count)
        #expect(tally.runs >= cases.count * 8)
        #expect(tally.crashes.isEmpty, "\(tally.crashes.prefix(10).map(\.description).joined(separator: "\n"))")
        #expect(tally.contractProblems.isEmpty, "\(tally.contractProblems.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    @Test("bodies that are not JSON or not text: no trap, one error line, a documented exit code")
    func invalidBytes() async throws {
        let start = ContinuousClock.now
        let targets = [FuzzTarget.nyt[1], FuzzTarget.forecasts[3], FuzzTarget.lookups[0], FuzzTarget.files[0]]
        let all = try BodyFuzzCase.invalidByteCases(targets, count: InvalidBytes.kinds, seed: Self.seed)
        let cases = Array(all.prefix(Self.limit(all.count, default: all.count)))
        let tally = await BodyFuzzRunner.run(cases, workers: Self.workers)
        Self.report("invalid bytes", tally, since: start)
        #expect(tally.runs >= cases.count * 8)
        #expect(tally.crashes.isEmpty, "\(tally.crashes.prefix(10).map(\.description).joined(separator: "\n"))")
        #expect(tally.contractProblems.isEmpty, "\(tally.contractProblems.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    @Test("random command lines from the command tree's words and hostile values: no trap, documented exit codes")
    func commandLines() async throws {
        let start = ContinuousClock.now
        let (sandbox, _) = try Sandbox.withFixtures(extra: ["APICLI_TIMEOUT": "3", "COLUMNS": "80"])
        var providerOptions: [String: [String]] = [:]
        for provider in ["nyt", "weather"] {
            let help = try await sandbox.run([provider, "--help"])
            let words = help.stdoutText.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") })
            providerOptions[provider] = Array(Set(words.filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init))).sorted()
            #expect(providerOptions[provider]?.isEmpty == false, "\(provider) --help lists its options")
        }
        var generator = ArgvFuzz(providerOptions: providerOptions, seed: Self.seed)
        let count = Self.limit(100_000, default: 300)
        let lines = (0..<count).map { _ in generator.next() }
        var tally = FuzzTally()
        try await Self.inPairs(lines, in: sandbox) { line, result in
            tally.cases += 1
            tally.runs += 1
            tally.findings += FuzzVerdict.check(result, arguments: line, label: "argv", strict: false)
        }
        Self.report("command lines", tally, since: start)
        #expect(tally.runs == count)
        #expect(tally.crashes.isEmpty, "\(tally.crashes.prefix(10).map(\.description).joined(separator: "\n"))")
        #expect(tally.contractProblems.isEmpty, "\(tally.contractProblems.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    @Test("random store sql queries in every format: no trap, one error line, documented exit codes, the store's bytes unchanged")
    func storeSQL() async throws {
        let start = ContinuousClock.now
        let (sandbox, _) = try Sandbox.withFixtures(extra: ["COLUMNS": "80"])
        #expect(try await sandbox.run(["nyt", "election"]).exitCode == 0)
        #expect(try await sandbox.run(["weather", "Rostov"]).exitCode == 0)
        let before = StoreSQLEndToEndTests.data(sandbox)
        var generator = SQLFuzz(seed: Self.seed)
        let count = Self.limit(100_000, default: 300)
        let lines = (0..<count).map { _ in generator.next() }
        var tally = FuzzTally()
        try await Self.inPairs(lines, in: sandbox) { line, result in
            tally.cases += 1
            tally.runs += 1
            tally.findings += FuzzVerdict.check(result, arguments: line, label: "store sql")
        }
        Self.report("store sql", tally, since: start)
        #expect(tally.runs == count)
        #expect(tally.crashes.isEmpty, "\(tally.crashes.prefix(10).map(\.description).joined(separator: "\n"))")
        #expect(tally.contractProblems.isEmpty, "\(tally.contractProblems.prefix(10).map(\.description).joined(separator: "\n"))")
        #expect(StoreSQLEndToEndTests.data(sandbox) == before, "a query changed the store")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/fuzz-copy.sqlite3"))
    }
}

/// Provider files and OpenAPI documents, mutated from real ones.
extension FuzzEndToEndTests {
    /// The real documents mutated, and the operation each one imports.
    static let documents: [(path: String, operation: String)] = [
        ("openapi/nyt_article_search_v2.json", "GET /articlesearch.json"),
        ("openapi-corpus/nyt_article_search_v2.yaml", "GET /articlesearch.json"),
        ("openapi-corpus/apisguru_xkcd.com_openapi.yaml", "GET /info.0.json"),
    ]

    /// Runs `lines` two at a time and checks each run; no output may hold a terminal control.
    static func runAll(
        _ lines: [[String]], in sandbox: Sandbox, label: String, strict: Bool = true, tally: inout FuzzTally,
        codes: inout [Int32: Int]
    ) async throws {
        try await inPairs(lines, in: sandbox) { line, result in
            tally.runs += 1
            codes[result.exitCode, default: 0] += 1
            tally.findings += FuzzVerdict.check(result, arguments: line, label: label, strict: strict)
            if TerminalControls.present(in: result.stdoutText + result.stderrText) {
                tally.findings.append(FuzzVerdict(
                    problem: .notOneErrorLine, label: label + ": a terminal control shown", arguments: line,
                    exitCode: result.exitCode, stderr: result.stderrText))
            }
        }
    }

    @Test("mutated provider files: no trap or hang, one error line, documented exit codes, no control shown")
    func providerFiles() async throws {
        let start = ContinuousClock.now
        let (sandbox, _) = try Sandbox.withSearchAPIs()
        var generator = DocumentFuzz(seed: Self.seed)
        let seeds = [("wiki", Sandbox.wikiFile), ("hn", FuzzTarget.hnFile)]
        var tally = FuzzTally()
        var codes: [Int32: Int] = [:]
        for index in 0..<Self.limit(100_000, default: 150) {
            let (name, text) = seeds[index % seeds.count]
            let path = sandbox.providersFolder + "/\(name).json"
            try? FileManager.default.removeItem(atPath: path)
            try sandbox.installProviderFile(name, "")
            try Data(generator.mutate(Array(text.utf8))).write(to: URL(fileURLWithPath: path))
            tally.cases += 1
            // A run and show must be one line; check lists every problem of the file, one line each.
            try await Self.runAll(
                [[name, "computing", "--offline"], ["provider", "show", name]], in: sandbox, label: "provider file",
                tally: &tally, codes: &codes)
            try await Self.runAll(
                [["provider", "check", name], ["help", name]], in: sandbox, label: "provider file", strict: false,
                tally: &tally, codes: &codes)
        }
        Self.report("provider files", tally, since: start)
        print("  exit codes: " + codes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        #expect(tally.crashes.isEmpty, "\(tally.crashes.prefix(10).map(\.description).joined(separator: "\n"))")
        #expect(tally.contractProblems.isEmpty, "\(tally.contractProblems.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    @Test("mutated OpenAPI documents (JSON and YAML): no trap or hang, one error line, documented exit codes, no control shown")
    func openAPIDocuments() async throws {
        let start = ContinuousClock.now
        let (sandbox, _) = try Sandbox.withFixtures()
        var generator = DocumentFuzz(seed: Self.seed)
        let seeds = try Self.documents.map { (Array(try Data(contentsOf: Fixtures.realRoot.appendingPathComponent($0.path))), $0) }
        var tally = FuzzTally()
        var codes: [Int32: Int] = [:]
        for index in 0..<Self.limit(100_000, default: 150) {
            let (bytes, document) = seeds[index % seeds.count]
            let name = "doc\(index % 2)"
            let path = sandbox.home.path("\(name)." + (document.path.hasSuffix(".json") ? "json" : "yaml"))
            try Data(generator.mutate(bytes)).write(to: URL(fileURLWithPath: path))
            try? FileManager.default.removeItem(atPath: sandbox.providersFolder + "/\(name).json")
            tally.cases += 1
            try await Self.runAll(
                [["provider", "add", name, "--openapi", path, "--operation", document.operation]], in: sandbox,
                label: "openapi", tally: &tally, codes: &codes)
            // What was imported reads back as a file that passes its own checks.
            if FileManager.default.fileExists(atPath: sandbox.providersFolder + "/\(name).json") {
                let check = try await sandbox.run(["provider", "check", name], timeout: .seconds(20))
                tally.runs += 1
                if check.exitCode != 0 {
                    tally.findings.append(FuzzVerdict(
                        problem: .notOneErrorLine, label: "openapi: an imported file fails its check",
                        arguments: ["provider", "check", name], exitCode: check.exitCode, stderr: check.stderrText))
                }
                try await Self.runAll([["help", name]], in: sandbox, label: "openapi", tally: &tally, codes: &codes)
            }
        }
        Self.report("openapi documents", tally, since: start)
        print("  exit codes: " + codes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        #expect(tally.crashes.isEmpty, "\(tally.crashes.prefix(10).map(\.description).joined(separator: "\n"))")
        #expect(tally.contractProblems.isEmpty, "\(tally.contractProblems.prefix(10).map(\.description).joined(separator: "\n"))")
    }
}
