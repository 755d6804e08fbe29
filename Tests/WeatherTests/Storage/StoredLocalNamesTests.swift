import Foundation
import Testing
import TestSupport
@testable import APICore
@testable import Weather

/// A real place's local names, as `weather_places` keeps them, read back by the byte
/// reader, not `JSONDecoder`, and the same.
@Suite("Stored local names")
struct StoredLocalNamesTests {
    @Test("hundreds of real local names: stored, read by the byte reader, the decoder's answer, and the place whole")
    func realNames() throws {
        var warnings: [String] = []
        let query = WeatherQuery(city: "London,GB")
        let place = try WeatherProvider().decodeLookup(
            try TestSupport.Fixtures.real("geo/direct_london_gb_dblock_2026.json"), for: query, warnings: &warnings)
        #expect(place.localNames.count > 100)
        var text = try StringDictionaryJSON.text(place.localNames)
        let fast = text.withUTF8 { StringDictionaryJSON.plainObject(UnsafeRawBufferPointer($0)) }
        #expect(fast == place.localNames, "the byte reader reads what is stored")
        #expect(try JSONDecoder().decode([String: String].self, from: Data(text.utf8)) == place.localNames)

        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let fetched = Date(timeIntervalSince1970: 1_700_000_000)
        let provider = WeatherProvider()
        try temporary.store.write { try provider.persistLookup(place, for: query, in: PersistContext($0, fetchedAt: fetched)) }
        let stored = try temporary.store.read { try provider.loadLookup(for: query, from: $0) }
        #expect(stored?.value == place)
    }
}
