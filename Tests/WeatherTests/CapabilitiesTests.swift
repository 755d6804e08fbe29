import APICore
import Foundation
import Testing
@testable import Weather

/// What the host finds in the weather's ``Capabilities``: the parts it has, and each one
/// the provider's own method (a part left out would fall back to a default that answers otherwise).
@Suite("The weather's capabilities")
struct CapabilitiesTests {
    let provider = WeatherProvider()

    @Test("the weather resolves a place first, has views and ages; it pages only for the glance, never stores by batch")
    func parts() {
        let capabilities = provider.capabilities
        #expect(capabilities.lookup != nil)
        #expect(capabilities.itemViews != nil)
        #expect(capabilities.aging != nil)
        #expect(capabilities.terminalView != nil)
        #expect(capabilities.paging.map { $0.pageCount(WeatherQuery(city: "Paris")) } == 1)
        #expect(capabilities.batchStoring == nil)
        #expect(capabilities.jsonObjects == nil)
        // The status-bar fields (symbol, temp_text…) are added to the items scripts read, not to JSON.
        #expect(capabilities.scriptingElements != nil)
    }

    @Test("each part answers as the provider's method does")
    func wiring() throws {
        let capabilities = provider.capabilities
        let lookup = try #require(capabilities.lookup)
        for query in [WeatherQuery(city: "Paris"), WeatherQuery(city: "75001,FR", place: .zip("75001,FR"))] {
            #expect(lookup.request(query) == provider.lookupRequest(for: query))
        }
        #expect(lookup.lifetime == provider.lookupLifetime)
        let body = try WeatherFixtures.data("weather-error-404-city-not-found.json")
        let paris = WeatherQuery(city: "Paris")
        #expect(lookup.failure?(404, body, paris) == provider.lookupFailure(status: 404, body: body, for: paris))
        #expect(capabilities.failure(status: 404, body: body, for: paris) == provider.failure(status: 404, body: body, for: paris))
        #expect(capabilities.label(for: paris) == provider.label(for: paris))

        let views = try #require(capabilities.itemViews)
        #expect(views.views == provider.itemViews)
        for values in [[:], ["daily": "true"], ["now": "true"], ["air": "true"], ["air": "true", "daily": "true"]] {
            let command = ParsedCommand(arguments: ["Paris"], values: values)
            #expect(try views.choose(command) == provider.itemView(for: command))
        }
        #expect(capabilities.items == views.views.first?.shape)

        let aging = try #require(capabilities.aging)
        #expect(aging.itemName == provider.timedItemName)
        let (forecast, _) = try WeatherFixtures.forecast("weather-strasbourg-metric-fr-cnt40.json")
        // Three steps past, the rest to come.
        let now = Date(timeIntervalSince1970: Double(forecast.entries[3].time))
        #expect(aging.dropping(now, forecast) == provider.dropping(before: now, from: forecast))
        #expect(capabilities.tableNotes == provider.tableNotes)
    }
}
