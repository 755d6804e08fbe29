import APICore

/// A place as OpenWeather's Geocoding API names it: what a name, a zip code or
/// coordinates were resolved to, and what the forecast is then asked for by.
public struct Place: Sendable, Hashable {
    public var name: String?
    /// The name by language code (`fr: Londres`), as the geocoder gave it.
    public var localNames: [String: String]
    public var latitude: NumberValue?
    public var longitude: NumberValue?
    /// ISO 3166 country code (`US`).
    public var country: String?
    /// The state or region (`Texas`, `England`; older answers `TX`).
    public var state: String?
    /// Its offset from UTC in seconds, as a stored forecast or current conditions of the
    /// place gave it (the geocoder gives none, nor does the air answer); not stored with the
    /// place, read beside it (``PlaceStore/storedOffset(for:in:)``).
    public var timezoneOffset: Int?

    public init(
        name: String? = nil, localNames: [String: String] = [:], latitude: NumberValue? = nil,
        longitude: NumberValue? = nil, country: String? = nil, state: String? = nil
    ) {
        self.name = name
        self.localNames = localNames
        self.latitude = latitude
        self.longitude = longitude
        self.country = country
        self.state = state
    }

    /// The name in `language` (an OpenWeather `--lang` code) when the geocoder
    /// has one, else the name.
    public func name(in language: String?) -> String? {
        guard let language else { return name }
        for key in LanguageKeys.localNameKeys(for: language) {
            if let local = localNames[key], !local.isEmpty { return local }
        }
        return name
    }

    /// The state's USPS code for a US place (`TX` for `Texas` or `TX`); nil otherwise.
    public var usStateCode: String? {
        guard country?.uppercased() == "US", let state else { return nil }
        return USStates.code(for: state)
    }

    /// `US-TX` for a US place with a known state, else the country code.
    public var region: String? {
        if let code = usStateCode { return "US-" + code }
        return country
    }

    /// `Paris, FR`, `Paris, US-TX`; the name alone without a region; nil without a name.
    public func title(in language: String? = nil) -> String? {
        guard let name = name(in: language), !name.isEmpty else { return nil }
        guard let region, !region.isEmpty else { return name }
        return name + ", " + region
    }

    /// How to ask for exactly this place: `Paris,TX,US`, `London,CA`.
    public var query: String? {
        guard let name, !name.isEmpty else { return nil }
        if let code = usStateCode { return name + "," + code + ",US" }
        return [name, country].compactMap { $0 }.joined(separator: ",")
    }
}
