import Foundation
import Testing
import TestSupport

/// The man page of the binary itself, with every provider it ships (NYT's family included, whose
/// defaults hold long URLs), read by groff at the width a terminal's `man` uses: no warning, so no
/// word too long for a line and no request groff cannot read.
@Suite("The shipped man page renders cleanly")
struct ManPageRenderEndToEndTests {
    @Test("groff reads apicli manpage without a warning", .needs("groff"))
    func rendersWithoutWarnings() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let page = try await sandbox.run(["manpage"])
        #expect(page.exitCode == 0 && page.stdoutText.contains(".SH NAME"), "\(page.stderrText)")
        let groff = try #require(RequiredTool.path("groff"))
        let rendered = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: groff), arguments: ["-man", "-Tutf8", "-ww", "-z", "-rLL=78n"],
            stdin: page.stdout)
        #expect(rendered.exitCode == 0)
        #expect(rendered.stderrText.isEmpty, "\(rendered.stderrText)")
    }
}
