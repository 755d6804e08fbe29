import Foundation
import TestSupport

/// Serves a rewritten answer on a fresh loopback server, runs `apicli` on it in
/// every format, then `--offline` on what it stored, and checks every run.
enum BodyFuzzRunner {
    /// The cases, `workers` at a time; each case has its own server and home.
    static func run(_ cases: [BodyFuzzCase], workers: Int) async -> FuzzTally {
        await withTaskGroup(of: FuzzTally.self) { group in
            var next = 0
            var tally = FuzzTally()
            for _ in 0..<min(workers, cases.count) {
                let fuzzCase = cases[next]
                next += 1
                group.addTask { await run(fuzzCase) }
            }
            while let done = await group.next() {
                tally.add(done)
                if next < cases.count {
                    let fuzzCase = cases[next]
                    next += 1
                    group.addTask { await run(fuzzCase) }
                }
            }
            return tally
        }
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
