import Foundation
import TestSupport

/// Serves a rewritten answer on a fresh loopback server, runs `apicli` on it in
/// every format, then `--offline` on what it stored, and checks every run.
enum BodyFuzzRunner {
    /// The cases, `workers` at a time; each case has its own server and home. The body of a
    /// case that found something is kept in a temporary folder named after `seed`, as the
    /// corpus names bodies (`STEM--caseN.json`), and its findings say where.
    static func run(_ cases: [BodyFuzzCase], workers: Int, seed: FuzzSeed) async -> FuzzTally {
        await withTaskGroup(of: FuzzTally.self) { group in
            var next = 0
            var tally = FuzzTally()
            func start(_ index: Int) {
                let fuzzCase = cases[index]
                group.addTask { kept(await run(fuzzCase), fuzzCase, index: index, seed: seed) }
            }
            for _ in 0..<min(workers, cases.count) {
                start(next)
                next += 1
            }
            while let done = await group.next() {
                tally.add(done)
                if next < cases.count {
                    start(next)
                    next += 1
                }
            }
            return tally
        }
    }

    /// `tally` with the case's body kept and named in its findings, when it has any.
    static func kept(_ tally: FuzzTally, _ fuzzCase: BodyFuzzCase, index: Int, seed: FuzzSeed) -> FuzzTally {
        guard !tally.findings.isEmpty else { return tally }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicli-fuzz-seed-\(seed.value)")
        let stem = URL(fileURLWithPath: fuzzCase.target.fixture).deletingPathExtension().lastPathComponent
        let file = folder.appendingPathComponent("\(stem)--case\(index).json")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let saved = (try? fuzzCase.body.write(to: file)) != nil ? file.path : "(could not be saved)"
        var copy = tally
        copy.findings = tally.findings.map { finding in
            FuzzVerdict(problem: finding.problem, label: finding.label + "; body \(saved)", arguments: finding.arguments,
                        exitCode: finding.exitCode, stderr: finding.stderr)
        }
        return copy
    }

    static func run(_ fuzzCase: BodyFuzzCase) async -> FuzzTally {
        var tally = FuzzTally(cases: 1)
        do {
            let target = fuzzCase.target
            var answers: [String: Data] = [target.route: fuzzCase.body]
            for (path, file) in target.others { answers[path] = try Fixtures.real(file) }
            let routes = answers
            let server = try LoopbackServer(maxLifetime: .seconds(60)) { request in
                routes[request.path].map { .json($0) } ?? .status(404, body: "no route")
            }
            var extra = ["APICLI_TIMEOUT": "3", "COLUMNS": "100"]
            if let file = target.providerFile {
                extra["APICLI_\(file.name.uppercased())_BASE_URL"] = server.baseURL.absoluteString
            }
            let sandbox = try Sandbox(server: server, extra: extra)
            if let file = target.providerFile { try sandbox.installProviderFile(file.name, file.text) }
            for arguments in target.runs {
                let result = try await sandbox.run(arguments, timeout: .seconds(20))
                tally.runs += 1
                tally.findings += FuzzVerdict.check(result, arguments: arguments, label: fuzzCase.label)
            }
        } catch {
            tally.findings.append(FuzzVerdict(
                problem: .setup, label: fuzzCase.label + " (setup: \(error))", arguments: [], exitCode: -1, stderr: ""))
        }
        return tally
    }
}
