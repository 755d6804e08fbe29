import Foundation
import TestSupport
import Testing

/// Writing the output can fail: a reader that closes the pipe early ends the
/// run quietly; any other failure is one error line and exit 74; never a trap.
@Suite("Output write failures, end to end")
struct OutputFailureEndToEndTests {
    /// Runs `script` with `$APICLI` set to the built binary, through the shell, which can close streams.
    static func shell(_ script: String, sandbox: Sandbox) async throws -> ProcessRunner.Result {
        var environment = sandbox.environment()
        environment["APICLI"] = try ProcessRunner.apicliExecutable().path
        return try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script], environment: environment)
    }

    @Test("a full device: one line naming the failure, exit 74", arguments: [
        "\"$APICLI\" --version > /dev/full", "\"$APICLI\" weather Rostov > /dev/full",
        "\"$APICLI\" completions bash > /dev/full", "\"$APICLI\" nyt election -f ndjson > /dev/full",
    ])
    func fullDevice(script: String) async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let result = try await Self.shell(script + "; echo \"exit $?\"", sandbox: sandbox)
        #expect(result.stdoutText == "exit 74\n", "\(result.stderrText)")
        #expect(result.stderrText == "apicli: error: could not write the output: No space left on device\n")
    }

    @Test("a closed stdout: exit 74, and nothing traps even with stderr closed too")
    func closedStreams() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let closed = try await Self.shell("\"$APICLI\" weather Rostov >&-; echo \"exit $?\"", sandbox: sandbox)
        #expect(closed.stdoutText == "exit 74\n")
        #expect(closed.stderrText.hasPrefix("apicli: error: could not write the output: "))
        #expect(closed.stderrText.split(separator: "\n").count == 1)
        let both = try await Self.shell("\"$APICLI\" weather Rostov >&- 2>&-; echo \"exit $?\"", sandbox: sandbox)
        #expect(both.stdoutText == "exit 74\n")
    }

    @Test("a reader that went away ends the run quietly, and the results are stored", arguments: ["weather Rostov", "nyt election -f ndjson", "--version"])
    func closedPipe(words: String) async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        // The reader closes its end at once and lingers, so every write apicli makes meets EPIPE.
        let script = "set -o pipefail; \"$APICLI\" \(words) | { exec 0<&-; sleep 1; }; echo \"exit $?\""
        let result = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", script],
            environment: sandbox.environment().merging(["APICLI": try ProcessRunner.apicliExecutable().path]) { $1 })
        #expect(result.stdoutText == "exit 0\n", "\(result.stderrText)")
        #expect(result.stderrText.isEmpty)
        if words.hasPrefix("nyt") { #expect(try sandbox.count("nyt_articles") > 0) }
    }
}
