import Foundation
import Testing
import TestSupport

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

    /// A document that made the findings from `first` on, kept where the corpus can take it
    /// from: a temporary folder named after the seed, the file named as the corpus names them.
    /// The findings' labels say where.
    static func keep(_ document: [UInt8], as name: String, findingsFrom first: Int, in tally: inout FuzzTally, seed: FuzzSeed) {
        guard tally.findings.count > first else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicli-fuzz-seed-\(seed.value)")
        let file = folder.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let saved = (try? Data(document).write(to: file)) != nil ? file.path : "(could not be saved)"
        for index in first..<tally.findings.count {
            let finding = tally.findings[index]
            tally.findings[index] = FuzzVerdict(
                problem: finding.problem, label: finding.label + "; document \(saved)", arguments: finding.arguments,
                exitCode: finding.exitCode, stderr: finding.stderr)
        }
    }

    /// The corpus's provider files, each with the name of the file it was mutated from.
    static func corpusProviderFiles() throws -> [(name: String, bytes: [UInt8], label: String)] {
        try FuzzCorpus.documents(in: "provider-files").map { url in
            let stem = url.deletingPathExtension().lastPathComponent
            guard let name = stem.components(separatedBy: "--").first, ["wiki", "hn"].contains(name) else {
                throw FuzzSetupError("corpus provider file \(url.lastPathComponent) names neither wiki nor hn")
            }
            return (name, Array(try Data(contentsOf: url)), url.lastPathComponent)
        }
    }

    @Test("mutated provider files: no trap or hang, one error line, documented exit codes, no control shown")
    func providerFiles() async throws {
        let start = ContinuousClock.now
        let seed = try FuzzSeed.draw(for: "FuzzEndToEndTests/providerFiles")
        let (sandbox, _) = try Sandbox.withSearchAPIs()
        var generator = DocumentFuzz(seed: seed.value)
        let originals = [("wiki", Sandbox.wikiFile), ("hn", FuzzTarget.hnFile)]
        let corpus = try Self.corpusProviderFiles()
        let drawn = (0..<Self.limit(100_000, default: 150)).map { index in
            let (name, text) = originals[index % originals.count]
            return (name: name, bytes: generator.mutate(Array(text.utf8)), label: "\(name)--case\(index).json")
        }
        var tally = FuzzTally()
        var codes: [Int32: Int] = [:]
        for document in corpus + drawn {
            let path = sandbox.providersFolder + "/\(document.name).json"
            try? FileManager.default.removeItem(atPath: path)
            try sandbox.installProviderFile(document.name, "")
            try Data(document.bytes).write(to: URL(fileURLWithPath: path))
            tally.cases += 1
            let first = tally.findings.count
            // A run and show must be one line; check lists every problem of the file, one line each.
            try await Self.runAll(
                [[document.name, "computing", "--offline"], ["provider", "show", document.name]], in: sandbox,
                label: "provider file", tally: &tally, codes: &codes)
            try await Self.runAll(
                [["provider", "check", document.name], ["help", document.name]], in: sandbox, label: "provider file",
                strict: false, tally: &tally, codes: &codes)
            Self.keep(document.bytes, as: document.label, findingsFrom: first, in: &tally, seed: seed)
        }
        Self.report("provider files (\(corpus.count) from the corpus)", tally, since: start, seed: seed)
        print("  exit codes: " + codes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        Self.expectNoFindings(tally, seed: seed)
    }

    /// The corpus's OpenAPI documents, each with the real document it was mutated from.
    static func corpusOpenAPIDocuments() throws -> [(bytes: [UInt8], document: (path: String, operation: String), label: String)] {
        try FuzzCorpus.documents(in: "openapi-documents").map { url in
            let stem = url.deletingPathExtension().lastPathComponent.components(separatedBy: "--").first ?? ""
            let original = documents.first { document in
                let real = URL(fileURLWithPath: document.path)
                return real.deletingPathExtension().lastPathComponent == stem && real.pathExtension == url.pathExtension
            }
            guard let original else {
                throw FuzzSetupError("corpus document \(url.lastPathComponent) names none of \(documents.map(\.path))")
            }
            return (Array(try Data(contentsOf: url)), original, url.lastPathComponent)
        }
    }

    @Test("mutated OpenAPI documents (JSON and YAML): no trap or hang, one error line, documented exit codes, no control shown")
    func openAPIDocuments() async throws {
        let start = ContinuousClock.now
        let seed = try FuzzSeed.draw(for: "FuzzEndToEndTests/openAPIDocuments")
        let (sandbox, _) = try Sandbox.withFixtures()
        var generator = DocumentFuzz(seed: seed.value)
        let originals = try Self.documents.map { (Array(try Data(contentsOf: Fixtures.realRoot.appendingPathComponent($0.path))), $0) }
        let corpus = try Self.corpusOpenAPIDocuments()
        let drawn = (0..<Self.limit(100_000, default: 150)).map { index in
            let (bytes, document) = originals[index % originals.count]
            let real = URL(fileURLWithPath: document.path)
            return (bytes: generator.mutate(bytes), document: document,
                    label: real.deletingPathExtension().lastPathComponent + "--case\(index)." + real.pathExtension)
        }
        var tally = FuzzTally()
        var codes: [Int32: Int] = [:]
        for (index, mutated) in (corpus + drawn).enumerated() {
            let name = "doc\(index % 2)"
            let path = sandbox.home.path("\(name)." + (mutated.document.path.hasSuffix(".json") ? "json" : "yaml"))
            try Data(mutated.bytes).write(to: URL(fileURLWithPath: path))
            try? FileManager.default.removeItem(atPath: sandbox.providersFolder + "/\(name).json")
            tally.cases += 1
            let first = tally.findings.count
            try await Self.runAll(
                [["provider", "add", name, "--openapi", path, "--operation", mutated.document.operation]], in: sandbox,
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
            Self.keep(mutated.bytes, as: mutated.label, findingsFrom: first, in: &tally, seed: seed)
        }
        Self.report("openapi documents (\(corpus.count) from the corpus)", tally, since: start, seed: seed)
        print("  exit codes: " + codes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        Self.expectNoFindings(tally, seed: seed)
    }
}
