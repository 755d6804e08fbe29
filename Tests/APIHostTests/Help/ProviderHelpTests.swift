import APIHost
import Testing
import TestSupport

/// A provider's help as the host prints it, in-process on the stub provider: every option
/// the provider declares is listed, by `apicli help NAME` and by `apicli NAME --help` alike.
/// (These were NYT's and Weather's `HelpTests`; that each real provider's help names its
/// every option is the provider contract's `HelpChecks`, which each provider target runs.)
@Suite struct ProviderHelpTests {
    @Test("help NAME and NAME --help list every option the provider declares, exit 0, nothing sent",
          arguments: [["help", "stub"], ["stub", "--help"]])
    func helpListsTheOptions(words: [String]) async throws {
        let stub = StubProvider(options: StubProvider.sampleOptions)
        let host = try InProcessHost(sources: [.compiled([stub])]) { _, _ in InProcessHost.json("[]") }
        let help = await host.run(words)
        #expect(help.code == .success && help.stderr.isEmpty, "\(help.stderr)")
        for option in stub.descriptor.options {
            #expect(help.stdout.contains("--\(option.name)"), "stub help mentions --\(option.name)")
        }
        #expect(host.transport.requests.isEmpty)
    }
}
