import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One place in a Geocoding API answer: `direct` and `reverse` send an array of
/// them, `zip` one (with its `zip`, and no `local_names` or `state`).
///
/// Every field is read leniently: answers from 2021 carry extra keys in
/// `local_names` (`ascii`, `feature_name`) and a two-letter `state`; current ones
/// a full state name and hundreds of local names.
struct GeocodingPayload: Decodable {
    let place: Place

    private enum Keys: String, CodingKey {
        case name, local_names, lat, lon, country, state
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let localNames = container.lenient([String: Lossy<String>].self, .local_names) ?? [:]
        place = Place(
            name: container.text(.name),
            localNames: localNames.compactMapValues(\.value),
            latitude: container.number(.lat),
            longitude: container.number(.lon),
            country: container.text(.country),
            state: container.text(.state))
    }
}
