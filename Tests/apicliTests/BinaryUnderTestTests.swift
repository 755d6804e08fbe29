import Foundation
import Testing
import TestSupport

/// Which `apicli` the end-to-end tests run, printed in the test log: the debug build
/// beside the test bundle, or the binary `APICLI_TEST_BINARY` names (`.ci/run` runs these
/// tests a second time on the release build, whose compiler and linker choices the debug
/// build does not share).
@Suite("The binary under test")
struct BinaryUnderTestTests {
    @Test("the end-to-end tests run the binary APICLI_TEST_BINARY names, when it is set; the log says which")
    func binaryUnderTest() async throws {
        let binary = try ProcessRunner.apicliExecutable()
        let version = try await ProcessRunner.apicli(["--version"], environment: ["PATH": "/usr/bin:/bin"])
        let line = version.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        print("apicli under test: \(binary.path) (\(line))")
        #expect(version.exitCode == 0, "\(version.stderrText)")
        #expect(line.hasPrefix("apicli "), "\(line)")
        if let named = ProcessInfo.processInfo.environment[ProcessRunner.binaryVariable], !named.isEmpty {
            #expect(binary.path == URL(fileURLWithPath: named).path)
        }
    }

    @Test("a release binary names the commit it was built from; a debug build names none", .needs("git"))
    func commitInVersion() async throws {
        let version = try await ProcessRunner.apicli(["--version"], environment: ["PATH": "/usr/bin:/bin"])
        let line = version.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        let words = line.split(separator: " ").map(String.init)
        #expect(words.count == 2 || words.count == 3, "\(line)")
        let named = ProcessInfo.processInfo.environment[ProcessRunner.binaryVariable].map { !$0.isEmpty } ?? false
        guard named else {
            // The debug build beside the tests: `swift build` is not told a commit.
            #expect(words.count == 2, "a debug build printed a commit: \(line)")
            return
        }
        // Scripts/build-release built it from this checkout: its HEAD, and `-modified` with local changes.
        let head = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: try RequiredTool.require("git")),
            arguments: ["-C", Fixtures.packageRoot.path, "rev-parse", "--short=12", "HEAD"])
        let commit = head.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(head.exitCode == 0 && !commit.isEmpty, "git could not name HEAD: \(head.stderrText)")
        #expect(words.count == 3, "the release binary names no commit: \(line)")
        #expect(words.last == "(\(commit))" || words.last == "(\(commit)-modified)", "\(line) is not built from \(commit)")
    }
}
