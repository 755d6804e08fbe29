import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads and writes the places the Geocoding API resolved, one row per lookup,
/// stamped with the host's fetch time (the host decides when one is too old).
enum PlaceStore {
    static var columns: RecordColumns<Place> {
        RecordColumns([
            .init("name", get: { $0.name }, set: { $0.name = $1 }),
            .init("lat", get: { $0.latitude }, set: { $0.latitude = $1 }),
            .init("lon", get: { $0.longitude }, set: { $0.longitude = $1 }),
            .init("country", get: { $0.country }, set: { $0.country = $1 }),
            .init("state", get: { $0.state }, set: { $0.state = $1 }),
        ])
    }

    static let insert = SQLStatement.insert(
        into: "weather_places", columns: ["lookup", "fetched_at", "local_names"] + columns.names)

    /// `direct:london,gb`, `zip:94040,us`, `reverse:48.8566,2.3522`; nil for a city id (no lookup).
    static func key(_ request: PlaceRequest) -> String? {
        switch request {
        case .name: "direct:" + request.key
        case .zip: request.key
        case .coordinates: "reverse:" + request.key
        case .id: nil
        }
    }

    static func save(_ place: Place, for request: PlaceRequest, fetchedAt: Date, in transaction: any StoreTransaction) throws {
        guard let key = key(request) else { return }
        let names = try StringDictionaryJSON.text(place.localNames)
        try transaction.execute("DELETE FROM weather_places WHERE lookup = ?", [.text(key)])
        try transaction.execute(insert, [.text(key), fetchedAt.sql, .text(names)] + columns.values(of: place))
    }

    static func load(_ request: PlaceRequest, from transaction: any StoreTransaction) throws -> Stored<Place>? {
        guard let key = key(request),
            let row = try transaction.queryOne("SELECT * FROM weather_places WHERE lookup = ?", [.text(key)]),
            let fetchedAt = row.get("fetched_at", as: Date.self)
        else { return nil }
        var place = Place()
        columns.read(row, into: &place)
        if let names = row.get("local_names", as: String.self) {
            place.localNames = StringDictionaryJSON.dictionary(names) ?? [:]
        }
        return Stored(place, fetchedAt: fetchedAt)
    }

    /// The place's offset from UTC as the latest stored current conditions or forecast for
    /// it (in any units or language) gave it; nil when none is stored or none had one.
    static func storedOffset(for query: WeatherQuery, in transaction: any StoreTransaction) throws -> Int? {
        for table in ["weather_current", "weather_forecasts"] {
            let row = try transaction.queryOne(
                "SELECT timezone FROM \(table) WHERE city_key = ? AND timezone IS NOT NULL ORDER BY fetched_at DESC LIMIT 1",
                [.text(query.cityKey)])
            if let offset = row?.get("timezone", as: Int64.self) { return Int(clamping: offset) }
        }
        return nil
    }
}
