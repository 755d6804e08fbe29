import APIHost
import Testing
import TestSupport

@testable import NYT

/// NYT's help as the host prints it, in-process: every option NYT declares is
/// listed by `apicli help nyt` (formerly part of an end-to-end test of the host).
@Suite struct HelpTests {
    @Test func helpListsNYTsOptions() async throws {
        let host = try InProcessHost(sources: [.compiled([NYTProvider()])]) { _, _ in InProcessHost.json("{}") }
        let help = await host.run(["help", "nyt"])
        #expect(help.code == .success && help.stderr.isEmpty, "\(help.stderr)")
        for option in ["--from", "--to", "--sort", "--page", "--fq"] {
            #expect(help.stdout.contains(option), "nyt help mentions \(option)")
        }
        #expect(host.transport.requests.isEmpty)
    }
}
