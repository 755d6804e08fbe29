import Foundation
import Testing
import TestSupport

/// apicli under a file-size limit (`ulimit -f`), set by the shell that starts it and not
/// trapped there: apicli ignores SIGXFSZ itself, so the write that crosses the limit fails
/// with EFBIG and is reported like a full disk, exit 74 with one line, never a kill by the
/// signal (exit 153 and no word). Each place apicli writes a file: its output, the config
/// file, the store (a large answer that arrives in pieces: still shown whole, with a warning).
@Suite("A file-size limit is a full disk, end to end")
struct FileSizeLimitEndToEndTests {
    /// Runs `arguments` under `ulimit -f kibibytes` (no trap), stdout to `output` when given.
    static func limited(
        _ kibibytes: Int, _ arguments: [String], sandbox: Sandbox, output: String? = nil
    ) async throws -> ProcessRunner.Result {
        var environment = sandbox.environment()
        environment["APICLI"] = try ProcessRunner.apicliExecutable().path
        let redirect = output.map { " > \"\($0)\"" } ?? ""
        let script = "ulimit -f \(kibibytes); \"$APICLI\" \"$@\"\(redirect)"
        return try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script, "sh"] + arguments,
            environment: environment, currentDirectory: sandbox.home.url, timeout: .seconds(60))
    }

    @Test("output into a file past the limit: 74, one line")
    func output() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let run = try await Self.limited(1, ["completions", "bash"], sandbox: sandbox, output: sandbox.home.path("out"))
        #expect(!run.signalled && run.exitCode == 74, "exit \(run.exitCode): \(run.stderrText)")
        #expect(run.stderrText == "apicli: error: could not write the output: File too large\n")
    }

    @Test("the config file past the limit: 74, one line naming it, the old file kept")
    func config() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        #expect(try await sandbox.run(["config", "set", "weather.units", "metric"]).exitCode == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.configPath))
        let run = try await Self.limited(0, ["config", "set", "weather.units", "imperial"], sandbox: sandbox)
        #expect(!run.signalled && run.exitCode == 74, "exit \(run.exitCode): \(run.stderrText)")
        #expect(run.stderrText == "apicli: error: cannot write the config file \(sandbox.configPath): File too large\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.configPath)) == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.home.path("config/apicli"))
        #expect(left == ["config"], "\(left)")
    }

    /// 1,000 docs (about 1.9 MB) arrive in pieces and are printed through the spool while they are
    /// stored, into a store made by a small answer before: no file may grow 256 KiB past what the
    /// store's files hold, the spool's neither.
    @Test("a large answer the store cannot hold: shown whole, a warning, exit 74")
    func largeAnswer() async throws {
        let small = try LargeNYTAnswer.body(docs: 10)
        let large = try LargeNYTAnswer.body(docs: 1000)
        let server = try LoopbackServer(routes: [SpooledOutputEndToEndTests.searchPath: [.json(small), .json(large)]])
        let sandbox = try Sandbox(server: server, extra: ["APICLI_TIMEOUT": "60"])
        #expect(try await sandbox.run(["nyt", "election"]).exitCode == 0)
        let stored = (try? Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath)).count) ?? 0
        let wal = (try? Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath + "-wal")).count) ?? 0
        let run = try await Self.limited(max(stored, wal) / 1024 + 256, ["nyt", "election", "-f", "ndjson", "--refresh"], sandbox: sandbox)
        #expect(!run.signalled && run.exitCode == 74, "exit \(run.exitCode): \(run.stderrText)")
        let lines = run.stdoutText.split(separator: "\n")
        #expect(lines.count == 1000, "\(lines.count) lines printed; \(run.stderrText)")
        #expect(lines.last?.contains("streamed-999") == true)
        #expect(run.stderrText.hasPrefix("apicli: warning: could not store the results: the store at \(sandbox.databasePath)"),
                "\(run.stderrText)")
        // What was stored before is still there.
        let check = try await sandbox.run(["store", "check"])
        #expect(check.exitCode == 0, "\(check.stderrText)")
    }
}
