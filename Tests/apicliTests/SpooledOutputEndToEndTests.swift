import Foundation
import TestSupport
import Testing

/// A large fresh answer printed through its spool by the real binary, whose stdout
/// copies the spool in the kernel (`sendfile`): to a pipe and to a file the bytes are
/// those of the same answer read whole from the cache; `/dev/full` is one error line and
/// exit 74; a reader that went away ends the run quietly, the answer stored.
@Suite("Spooled answers, end to end")
struct SpooledOutputEndToEndTests {
    static let searchPath = "/svc/search/v2/articlesearch.json"

    /// A sandbox whose NYT server answers every search with 1,000 docs (about 1.9 MB).
    static func sandbox() throws -> Sandbox {
        let body = try LargeNYTAnswer.body(docs: 1000)
        let server = try LoopbackServer(routes: [searchPath: [.json(body)]])
        return try Sandbox(server: server, extra: ["APICLI_TIMEOUT": "60"])
    }

    @Test("to a pipe and to a file, the bytes of the answer read whole", arguments: ["json", "csv"])
    func pipeAndFile(format: String) async throws {
        let sandbox = try Self.sandbox()
        let spool = try TemporaryDirectory(prefix: "apicli-spool")
        let streamed = try await sandbox.run(["nyt", "election", "-f", format, "-v"], set: ["TMPDIR": spool.path()])
        #expect(streamed.exitCode == 0, "\(streamed.stderrText)")
        #expect(streamed.stderrText.contains("output: printing the answer as decoded"), "\(streamed.stderrText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path()).isEmpty)
        let whole = try await sandbox.run(["nyt", "election", "-f", format, "-v"])
        #expect(whole.stderrText.contains("cache hit"), "\(whole.stderrText)")
        #expect(ComparedOutput(whole.stdout) == ComparedOutput(streamed.stdout))
        #expect(streamed.stdout.count > (format == "csv" ? 100_000 : 500_000), "\(streamed.stdout.count) B")
        // Into a file, at an offset: the shell's `>>` after a line of its own.
        let file = sandbox.home.path("out.\(format)")
        let script = "echo first > \"\(file)\"; \"$APICLI\" nyt election -f \(format) --refresh >> \"\(file)\"; echo \"exit $?\""
        let appended = try await OutputFailureEndToEndTests.shell(script, sandbox: sandbox)
        #expect(appended.stdoutText == "exit 0\n", "\(appended.stderrText)")
        #expect(ComparedOutput(try Data(contentsOf: URL(fileURLWithPath: file))) == ComparedOutput(Data("first\n".utf8) + whole.stdout))
    }

    /// `> file` with stderr elsewhere, inside a group that writes before and after it: the answer
    /// lands at the file's offset, between the two, and stdout goes on after it.
    @Test("into a file, in place, between what comes before and after", arguments: ["json", "ndjson"])
    func inPlace(format: String) async throws {
        let sandbox = try Self.sandbox()
        let whole = try await sandbox.run(["nyt", "election", "-f", format])
        #expect(whole.exitCode == 0, "\(whole.stderrText)")
        let file = sandbox.home.path("out.\(format)")
        let script = "{ echo first; \"$APICLI\" nyt election -f \(format) --refresh -v; echo \"exit $?\"; } > \"\(file)\""
        let run = try await OutputFailureEndToEndTests.shell(script, sandbox: sandbox)
        #expect(run.stderrText.contains("output: printing the answer as decoded"), "\(run.stderrText)")
        let written = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(ComparedOutput(written) == ComparedOutput(Data("first\n".utf8) + whole.stdout + Data("exit 0\n".utf8)))
    }

    /// The answer breaks off after part of it was printed into the spool: none of it reaches the
    /// file, which holds the stored answer the run shows instead.
    @Test func aPageThatBreaksOffLeavesOnlyTheStoredAnswerInTheFile() async throws {
        let small = try LargeNYTAnswer.body(docs: 10)
        let large = try LargeNYTAnswer.body(docs: 1000)
        let server = try LoopbackServer(routes: [Self.searchPath: [.json(small), .json(large).truncated(after: large.count * 3 / 4)]])
        let sandbox = try Sandbox(server: server, extra: ["APICLI_TIMEOUT": "60"])
        let first = try await sandbox.run(["nyt", "election", "-f", "ndjson"])
        #expect(first.exitCode == 0, "\(first.stderrText)")
        let file = sandbox.home.path("out.ndjson")
        let script = "{ echo first; \"$APICLI\" nyt election -f ndjson --refresh -v; echo \"exit $?\"; } > \"\(file)\""
        let run = try await OutputFailureEndToEndTests.shell(script, sandbox: sandbox)
        #expect(run.stderrText.contains("(page 1, in batches)"), "\(run.stderrText)")
        #expect(run.stderrText.contains("showing results stored at"), "\(run.stderrText)")
        let written = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(ComparedOutput(written) == ComparedOutput(Data("first\n".utf8) + first.stdout + Data("exit 0\n".utf8)))
    }

    @Test("into a full device: one line, exit 74")
    func fullDevice() async throws {
        let sandbox = try Self.sandbox()
        let result = try await OutputFailureEndToEndTests.shell(
            "\"$APICLI\" nyt election -f ndjson > /dev/full; echo \"exit $?\"", sandbox: sandbox)
        #expect(result.stdoutText == "exit 74\n", "\(result.stderrText)")
        #expect(result.stderrText == "apicli: error: could not write the output: No space left on device\n")
    }

    @Test("a reader that went away: a quiet end, and the answer stored")
    func closedPipe() async throws {
        let sandbox = try Self.sandbox()
        let script = "set -o pipefail; \"$APICLI\" nyt election -f json | { exec 0<&-; sleep 1; }; echo \"exit $?\""
        let result = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", script],
            environment: sandbox.environment().merging(["APICLI": try ProcessRunner.apicliExecutable().path]) { $1 })
        #expect(result.stdoutText == "exit 0\n", "\(result.stderrText)")
        #expect(result.stderrText.isEmpty)
        #expect(try sandbox.count("nyt_articles") == 1000)
    }
}
