import APIHost
import Foundation
import Testing
@testable import Weather

/// A forecast or a place whose numbers are at the edges of what JSON allows:
/// every view of it reads sanely (`?` where a number cannot be shown), never traps.
@Suite("Hostile numbers in forecasts and places")
struct HostileNumberTests {
    @Test("a bearing of any size is a compass point; a non-finite one is none", arguments: [
        (1e308, true), (-1e308, true), (9.223372036854775807e18, true), (Double.leastNonzeroMagnitude, true), (-45, true), (720, true),
        (Double.infinity, false), (Double.nan, false),
    ])
    func compassPoints(_ degrees: Double, _ hasPoint: Bool) {
        let point = MeasureText.compassPoint(degrees)
        #expect(["N", "NE", "E", "SE", "S", "SW", "W", "NW"].contains(point) == hasPoint)
        if !hasPoint { #expect(point.isEmpty) }
    }

    @Test("a compass point of a whole number of turns is where it was")
    func compassTurns() {
        #expect(MeasureText.compassPoint(360 + 90) == "E")
        #expect(MeasureText.compassPoint(-90) == "W")
        #expect(MeasureText.compassPoint(206.633 + 3600) == "SW")
    }

    @Test("measures beyond what a table can show read '?'", arguments: [1e308, -1e308, 1e15, Double.nan, -Double.infinity])
    func unshowable(_ value: Double) {
        #expect(MeasureText.decimal(value) == "?")
        #expect(MeasureText.percent(.double(value)) == "?%")
        #expect(MeasureText.probability(.double(value)) == "?%")
    }

    @Test("tiny and integer-edge measures read as numbers")
    func edges() {
        #expect(MeasureText.decimal(Double.leastNonzeroMagnitude) == "0.0")
        #expect(MeasureText.probability(.int(Int64.max)) == "?%")
        #expect(MeasureText.temperature(.int(Int64.min), units: .metric, unicode: true) == "?°C")
        #expect(MeasureText.millimetres(Double.leastNonzeroMagnitude) == "<0.1 mm")
    }

    @Test("a day's precipitation that overflows has no amount; large ones keep theirs")
    func precipitationSums() {
        #expect(DaySummary.hundredths(1e308 + 1e308) == nil)
        #expect(DaySummary.hundredths(1e307) == 1e307)
        #expect(DaySummary.hundredths(0.123) == 0.12)
        var step = ForecastEntry(time: 0)
        step.rain = .double(1e308)
        step.snow = .double(1e308)
        let day = DaySummary.days([step], offset: 0)
        #expect(day.count == 1)
        #expect(day.first?.precipitation == nil)
    }

    @Test("--hours after a step at the end of time keeps the steps, never overflows")
    func hoursNearTheEnd() {
        var forecast = Forecast(
            requested: "x", city: City(timezoneOffset: Int.max), units: .metric,
            entries: [ForecastEntry(time: Int64.max - 10), ForecastEntry(time: Int64.max)])
        forecast.layout.hours = 6
        // The end saturates at Int64.max: the first step is shown, none traps.
        #expect(forecast.shownEntries.map(\.time) == [Int64.max - 10])
        forecast.entries = [ForecastEntry(time: Int64.min), ForecastEntry(time: 0)]
        #expect(forecast.shownEntries.count == 1)
    }

    @Test("a place is on the globe only with both coordinates in range", arguments: [
        (NumberValue.double(51.5), NumberValue.double(-0.12), true), (.int(90), .int(-180), true),
        (.double(1e308), .double(0), false), (.double(0), .double(-1e308), false), (.int(Int64.max), .int(0), false),
        (.double(90.000001), .double(0), false), (.double(Double.leastNonzeroMagnitude), .double(-Double.leastNonzeroMagnitude), true),
    ])
    func globe(_ latitude: NumberValue, _ longitude: NumberValue, _ onGlobe: Bool) {
        #expect(Place(name: "x", latitude: latitude, longitude: longitude).isOnGlobe == onGlobe)
        #expect(Place(name: "x", latitude: latitude).isOnGlobe == false)
    }

    @Test("a geocoder candidate off the globe is skipped; a zip answer off it is refused")
    func lookupsOffTheGlobe() throws {
        var warnings: [String] = []
        let direct = Data(#"[{"name":"Nowhere","lat":1e308,"lon":0},{"name":"Paris","lat":48.85,"lon":2.35,"country":"FR"}]"#.utf8)
        let place = try PlaceDecoder.decode(direct, for: WeatherQuery(city: "Paris"), warnings: &warnings)
        #expect(place.name == "Paris")
        let zip = Data(#"{"zip":"94040","name":"Mountain View","lat":-1e308,"lon":-122.08,"country":"US"}"#.utf8)
        #expect(throws: (any Error).self) {
            try PlaceDecoder.decode(zip, for: WeatherQuery(city: "zip 94040,US", place: .zip("94040,US")), warnings: &warnings)
        }
    }
}
