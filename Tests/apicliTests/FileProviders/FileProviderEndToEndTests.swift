import Foundation
import Testing
import TestSupport

/// `provider remove` asking before it drops stored rows: the answer is read from the
/// process's stdin (`readLine`), which an in-process host cannot supply yet, so this
/// one runs the binary. The rest of a provider file's life is `ProviderFileLifecycleHostTests`.
@Suite("Provider files, end to end")
struct FileProviderEndToEndTests {
    @Test("remove asks before dropping stored rows; no keeps them")
    func removeAsks() async throws {
        let (sandbox, _) = try Sandbox.withSearchAPIs()
        try sandbox.installProviderFile("wiki", Sandbox.wikiFile)
        let search = try await sandbox.run(["wiki", "computing"], set: sandbox.baseURL(for: "wiki"))
        #expect(search.exitCode == 0, "\(search.stderrText)")
        let remove = try await sandbox.run(["provider", "remove", "wiki"], stdin: "n\n")
        #expect(remove.exitCode == 0, "\(remove.stderrText)")
        #expect(remove.stderrText.contains("drop the stored results of wiki"))
        #expect(try sandbox.count("provider_files_items WHERE provider = 'wiki'") == 2)
    }
}
