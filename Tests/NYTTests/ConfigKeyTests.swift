import APIHost
import Foundation
import Testing
import TestSupport

@testable import NYT

/// `apicli config set nyt.api-key VALUE` through the host, in-process: a key on
/// the command line is refused and never written (it would land in the shell's
/// history). Reading it from stdin is `ConfigStdinHostTests`.
@Suite("NYT key on the command line, in-process")
struct ConfigKeyTests {
    @Test("a key on the command line is refused (64), not echoed and not written")
    func keyOnCommandLine() async throws {
        let host = try InProcessHost(sources: [.compiled([NYTProvider()])]) { _, _ in InProcessHost.json("{}") }
        let run = await host.run(["config", "set", "nyt.api-key", "cmdlineKEY-0000"])
        #expect(run.code == .usage, "\(run.stderr)")
        #expect(run.stderr.contains("never taken from the command line"), "\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains("cmdlineKEY-0000"))
        let contents = (try? String(contentsOfFile: host.directory.path("config/apicli/config"), encoding: .utf8)) ?? ""
        #expect(!contents.contains("cmdlineKEY-0000"))
        #expect(host.transport.requests.isEmpty)
    }
}
