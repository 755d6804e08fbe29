import ProviderConformance
import Testing

@testable import Weather

@Test func weatherMeetsTheProviderContract() async {
    let fixtures = WeatherFixtures.forecastNames.map { WeatherFixtures.root.appendingPathComponent($0) }
    // The harness answers every request with the fixture: a city id needs no geocoding request.
    await Conformance.expect(WeatherProvider(), arguments: ["--id", "2988507"], fixtures: fixtures)
}

/// The suite can fail: an error body given as a forecast is reported.
@Test func conformanceReportsAFixtureThatDoesNotDecode() async {
    let errorBodies = WeatherFixtures.errorNames.map { WeatherFixtures.root.appendingPathComponent($0) }
    let failures = await Conformance.failures(of: WeatherProvider(), arguments: ["Paris"], fixtures: errorBodies)
    #expect(failures.contains { $0.contains("does not decode") })
}
