#if os(Linux)
import Foundation
import Testing
import TestSupport

/// libyaml is opened only when a YAML document is read, so no other run
/// loads it: checked with the dynamic loader's own trace, `LD_DEBUG=libs`.
@Suite("No libyaml without a YAML document")
struct NoYAMLLibraryTests {
    @Test func runsThatReadNoYAMLNeverLoadLibyaml() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let commands = [["weather", "Paris"], ["weather", "Paris", "--offline"], ["--version"], ["help"], ["providers"]]
        for arguments in commands {
            let result = try await sandbox.run(arguments, set: ["LD_DEBUG": "libs"])
            #expect(result.exitCode == 0, "\(arguments): \(result.stderrText.suffix(300))")
            // The trace is there (it names libc), and it does not name libyaml.
            #expect(result.stderrText.contains("libc.so"), "\(arguments): no loader trace")
            #expect(!result.stderrText.contains("libyaml"), "\(arguments) loaded libyaml")
        }
    }
}
#endif
