import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// The stale and offline fallback through the host, in-process on the stub provider: a
/// failing server after one fetch shows what was stored, with the stale notice; with
/// nothing stored it is 69; `--offline` answers from the store without the network or
/// the key. (These were NYT's `OfflineFallbackTests` and the host's part of Weather's,
/// the two halves of the binary's `OfflineFallbackTests`; what Weather leaves out of a
/// stored forecast is in `WeatherTests`.)
@Suite("Offline and stale fallback, in-process")
struct OfflineFallbackTests {
    static let key = "stubKEY-fallback-8d2b6f"
    static let records = #"[{"id": "r1", "title": "First record"}, {"id": "r2", "title": "Second record"}, {"id": "r3", "title": "Third"}]"#

    static func host(_ routes: StubRoutes, variables: [String: String] = ["STUB_API_KEY": key]) throws -> InProcessHost {
        try InProcessHost(sources: [.compiled([StubProvider(keyVariable: "STUB_API_KEY")])], variables: variables, routes: routes)
    }

    static func routes() -> StubRoutes {
        StubRoutes(answers: ["/records": InProcessHost.json(records)])
    }

    /// The faults a network can throw, each transient: a reset connection and a 503.
    static let faults: [(String, StubRoutes.Answer)] = [
        ("reset", { request in throw HTTPClientError.connectionFailed(url: request.redactedURL, reason: "connection reset by peer") }),
        ("503", { _ in HTTPResponse(status: 503, body: Data("down for maintenance".utf8)) }),
    ]

    static func ids(_ json: String) throws -> [String]? {
        let rows = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        return rows?.compactMap { $0["id"] as? String }
    }

    @Test("a failing server after one fetch shows the stored records, with the stale notice", arguments: [0, 1])
    func fallback(fault index: Int) async throws {
        let (name, fault) = Self.faults[index]
        let routes = Self.routes()
        // The retries of a 503 sleep in real time: the deadline must not be what ends them.
        let host = try Self.host(routes, variables: ["STUB_API_KEY": Self.key, "APICLI_TIMEOUT": InProcessHost.realConnectionDeadline])
        let fresh = await host.run(["stub", "election", "--json"])
        #expect(fresh.code == .success, "\(fresh.stderr)")
        let asked = host.transport.requests.count
        routes.fail(with: fault)
        let stale = await host.run(["stub", "election", "--json", "--refresh"])
        #expect(stale.code == .success, "\(name): \(stale.stderr)")
        #expect(stale.warnings.contains { $0.contains("showing results stored at") }, "\(name): \(stale.stderr)")
        let before = try Self.ids(fresh.stdout)
        let after = try Self.ids(stale.stdout)
        #expect(after?.count == 3)
        #expect(after == before)
        #expect(host.transport.requests.count > asked, "\(name): the server was asked again")
    }

    @Test("nothing stored and the network down: 69, one line")
    func nothingStored() async throws {
        let routes = Self.routes()
        routes.fail(with: Self.faults[0].1)
        let run = try await Self.host(routes).run(["stub", "election"])
        #expect(run.code == .unavailable, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("nothing stored"))
        #expect(run.isOneErrorLine, "\(run.stderr)")
    }

    @Test("--offline answers from the store and sends nothing; with nothing stored it is 69, key or no key")
    func offline() async throws {
        let host = try Self.host(Self.routes())
        let fresh = await host.run(["stub", "election"])
        #expect(fresh.code == .success, "\(fresh.stderr)")
        let asked = host.transport.requests.count
        let offline = await host.run(["stub", "election", "--offline"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(offline.stdout.contains("First record"))
        #expect(offline.stderr.contains("offline: showing results stored at"), "\(offline.stderr)")

        var keyless = host.variables
        keyless["STUB_API_KEY"] = ""
        let unknown = try InProcessHost(
            sources: [.compiled([StubProvider(keyVariable: "STUB_API_KEY")])], variables: keyless, routes: Self.routes())
        let atlantis = await unknown.run(["stub", "Atlantis", "--offline"])
        #expect(atlantis.code == .unavailable, "\(atlantis.stderr)")
        #expect(atlantis.stderr.contains("nothing stored"))
        #expect(host.transport.requests.count == asked && unknown.transport.requests.isEmpty)
    }
}
