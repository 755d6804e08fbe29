import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import Weather

/// Weather's stale and offline fallback through the host, in-process: geocoding
/// then the forecast answered by path from the recorded answers, then a network
/// fault. The stored place names the forecast and the stored steps (from 2022)
/// are past, so the notice counts what was left out. (The Weather half of the
/// binary's `OfflineFallbackTests`; the fallback itself, with nothing stored and
/// without a key, is `APIHostTests`' `OfflineFallbackTests`, on the stub provider.)
@Suite("Weather offline and stale fallback, in-process")
struct WeatherOfflineFallbackTests {
    static let key = "owmKEY-fallback-3e9a1c"

    /// Any name resolves to Hemel Hempstead (the recorded `direct` answer); its forecast is the recorded Rostov one.
    static func routes() throws -> StubRoutes {
        StubRoutes(answers: [
            "/geo/1.0/direct": InProcessHost.json(try text("geo/direct_hemel_hempstead_aahill1.json")),
            "/data/2.5/forecast": InProcessHost.json(try text("weather/weather-rostov-metric-ru-cnt8.json")),
        ])
    }

    static func text(_ fixture: String) throws -> String {
        String(decoding: try TestSupport.Fixtures.real(fixture), as: UTF8.self)
    }

    static func host(_ routes: StubRoutes) throws -> InProcessHost {
        try InProcessHost(sources: [.compiled([WeatherProvider()])], variables: ["OPENWEATHER_API_KEY": key], routes: routes)
    }

    /// The faults a network can throw, each transient: a reset connection and a 503.
    static let faults: [(String, StubRoutes.Answer)] = [
        ("reset", { request in throw HTTPClientError.connectionFailed(url: request.redactedURL, reason: "connection reset by peer") }),
        ("503", { _ in HTTPResponse(status: 503, body: Data("down for maintenance".utf8)) }),
    ]

    @Test("a failing server after one fetch shows the stored forecast, with the stale notice", arguments: [0, 1])
    func fallback(fault index: Int) async throws {
        let (name, fault) = Self.faults[index]
        let routes = try Self.routes()
        let host = try Self.host(routes)
        let fresh = await host.run(["weather", "Rostov", "--steps"])
        #expect(fresh.code == .success, "\(fresh.stderr)")
        let asked = host.transport.requests.count
        #expect(asked == 2, "geocoding, then the forecast")

        routes.fail(with: fault)
        let stale = await host.run(["weather", "Rostov", "--refresh", "--steps"])
        #expect(stale.code == .success, "\(name): \(stale.stderr)")
        #expect(stale.stdout.hasPrefix("Hemel Hempstead, GB\n"), "\(name): \(stale.stdout)")
        #expect(stale.warnings.contains { $0.contains("showing results stored at") }, "\(name): \(stale.stderr)")
        #expect(stale.stderr.contains("8 steps already past left out"), "\(name): \(stale.stderr)")
        // The place is stored, so only the forecast was asked again (with its retries).
        let again = host.transport.requests.dropFirst(asked)
        #expect(!again.isEmpty && again.allSatisfy { $0.path == "/data/2.5/forecast" }, "\(name): \(again.map(\.path))")
    }

    @Test("--offline answers from the stored place and forecast, leaving out the steps already past, and sends nothing")
    func offline() async throws {
        let host = try Self.host(try Self.routes())
        let fresh = await host.run(["weather", "Rostov", "--steps"])
        #expect(fresh.code == .success, "\(fresh.stderr)")
        #expect(fresh.stdout.hasPrefix("Hemel Hempstead, GB\n"), "\(fresh.stdout)")
        let asked = host.transport.requests.count

        let offline = await host.run(["weather", "Rostov", "--offline"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(offline.stdout.hasPrefix("Hemel Hempstead, GB\n"), "\(offline.stdout)")
        #expect(offline.stderr.contains("offline: showing results stored at"), "\(offline.stderr)")
        #expect(offline.stderr.contains("8 steps already past left out"), "\(offline.stderr)")
        #expect(host.transport.requests.count == asked)
    }
}
