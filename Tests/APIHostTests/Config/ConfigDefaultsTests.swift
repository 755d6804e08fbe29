import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// `apicli config` defaults that change a provider's requests, through the host
/// in-process on the stub provider: the config file, a flag and the environment in
/// their order, a value refused, and a config file others can read. (These were
/// Weather's `ConfigDefaultsTests` for `weather.*`, the binary's `ConfigEndToEndTests`;
/// a key from stdin is `ConfigKeyTests`, and one typed on a terminal stays in the binary's.)
@Suite("Config defaults, in-process")
struct ConfigDefaultsTests {
    static let records = #"[{"id": "r1", "title": "First record"}]"#

    static func host(_ variables: [String: String] = ["STUB_API_KEY": "stubKEY-config-1a2b3c"]) throws -> InProcessHost {
        let stub = StubProvider(keyVariable: "STUB_API_KEY", options: StubProvider.sampleOptions)
        return try InProcessHost(sources: [.compiled([stub])], variables: variables) { _, _ in InProcessHost.json(Self.records) }
    }

    /// The `units` sent with the last request.
    static func units(_ host: InProcessHost) -> String? {
        host.transport.requests.last?.query.first { $0.name == "units" }?.value
    }

    @Test("config set stub.units imperial: the next run asks for imperial units; a flag and the environment beat it")
    func unitsFromConfig() async throws {
        let host = try Self.host()
        let set = await host.run(["config", "set", "stub.units", "imperial"])
        #expect(set.code == .success, "\(set.stderr)")
        let get = await host.run(["config", "get", "stub.units"])
        #expect(get.stdout == "imperial\n")

        let run = await host.run(["stub", "election"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(Self.units(host) == "imperial")

        let flag = await host.run(["stub", "election", "--units", "standard", "--refresh"])
        #expect(flag.code == .success, "\(flag.stderr)")
        #expect(Self.units(host) == "standard")
        var metric = host.variables
        metric["APICLI_STUB_UNITS"] = "metric"
        let environment = try Self.host(metric)
        let variable = await environment.run(["stub", "election", "--refresh"])
        #expect(variable.code == .success, "\(variable.stderr)")
        #expect(Self.units(environment) == "metric")

        let bad = await host.run(["config", "set", "stub.units", "kelvinish"])
        #expect(bad.code == .usage, "\(bad.stderr)")
        #expect(bad.isOneErrorLine, "\(bad.stderr)")
    }

    @Test("a config file others can read is reported, and the run still succeeds")
    func readableConfigWarns() async throws {
        let host = try Self.host()
        let set = await host.run(["config", "set", "stub.lang", "fr"])
        #expect(set.code == .success, "\(set.stderr)")
        let quiet = await host.run(["stub", "election"])
        #expect(!quiet.stderr.contains("chmod 600"), "a private file is not reported: \(quiet.stderr)")
        #expect(chmod(host.directory.path("config/apicli/config"), 0o644) == 0)
        let run = await host.run(["stub", "election"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stderr.contains("chmod 600"), "\(run.stderr)")
    }
}
