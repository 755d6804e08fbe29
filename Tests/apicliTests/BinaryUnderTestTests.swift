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
}
