import APIHost
import Testing
import TestSupport

@testable import Weather

/// Weather's help as the host prints it, in-process: every option Weather declares is
/// listed by `apicli weather --help` (formerly part of an end-to-end test of the host).
@Suite struct HelpTests {
    @Test func helpListsWeathersOptions() async throws {
        let host = try InProcessHost(sources: [.compiled([WeatherProvider()])]) { _, _ in InProcessHost.json("{}") }
        let help = await host.run(["weather", "--help"])
        #expect(help.code == .success && help.stderr.isEmpty, "\(help.stderr)")
        for option in ["--units", "--lang", "--cnt"] {
            #expect(help.stdout.contains(option), "weather help mentions \(option)")
        }
        #expect(host.transport.requests.isEmpty)
    }
}
