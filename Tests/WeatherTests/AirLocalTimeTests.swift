import APIHost
import Foundation
import Testing
import TestSupport

@testable import Weather

/// `--air` on the place's clock: the air answer has no time zone, so the offset comes
/// from what apicli stored of the place (its current conditions or forecast); without
/// one the view says once that its times are UTC.
@Suite("Air quality in the place's local time")
struct AirLocalTimeTests {
    static func host() throws -> InProcessHost {
        let place = RecordedWeather.json(try RecordedWeather.data("geo/direct_hemel_hempstead_aahill1.json"))
        let sydney = RecordedWeather.json(try RecordedWeather.data("current/current-sydney-2020-metric-rain1h-ramola1808.json"))
        let air = RecordedWeather.json(try RecordedWeather.data("air/air-pollution-london-2021-pyowm.json"))
        return try RecordedWeather.host(StubRoutes([
            RecordedWeather.directPath: { _ in place },
            "/data/2.5/weather": { _ in sydney },
            "/data/2.5/air_pollution": { _ in air },
        ]))
    }

    @Test("UTC, said once, until the place's offset is stored; then its clock, in the view, JSON and CSV")
    func localTime() async throws {
        let host = try Self.host()
        let before = await host.run(["weather", "Somewhere", "--air"])
        #expect(before.code == .success, "\(before.stderr)")
        #expect(before.stdout.components(separatedBy: "times in UTC").count == 2, "\(before.stdout)")
        #expect(before.stdout.contains("18:00"), "\(before.stdout)")
        // The current conditions store the place's offset (UTC+10:00 in the recorded answer).
        #expect(await host.run(["weather", "Somewhere", "--now"]).code == .success)
        let after = await host.run(["weather", "Somewhere", "--air", "--refresh"])
        #expect(after.stdout.contains("local time, UTC+10:00"), "\(after.stdout)")
        #expect(after.stdout.contains("Tue 2021-01-26") && after.stdout.contains("04:00"), "\(after.stdout)")
        let json = await host.run(["weather", "Somewhere", "--air", "--json"])
        #expect(json.stdout.contains("\"local_time\": \"2021-01-26T04:00:00+10:00\""), "\(json.stdout)")
        let csv = await host.run(["weather", "Somewhere", "--air", "--format", "csv"])
        #expect(csv.stdout.contains("2021-01-26T04:00:00+10:00"), "\(csv.stdout)")
    }
}
