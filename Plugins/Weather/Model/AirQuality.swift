import APICore

/// One hour of OpenWeather's air pollution answer: the Air Quality Index and
/// the concentrations, in µg/m³, of the components it is made from.
public struct AirSample: Sendable, Hashable {
    /// Unix seconds (`dt`).
    public var time: Int64
    /// OpenWeather's index, 1 (Good) to 5 (Very Poor).
    public var index: Int64?
    /// `pm2_5`, `pm10`, `o3`, `no2`, `so2`, `co`, `nh3`, `no`, by the API's key.
    public var components: [String: NumberValue]

    public init(time: Int64, index: Int64? = nil, components: [String: NumberValue] = [:]) {
        self.time = time
        self.index = index
        self.components = components
    }

    /// The components in the order they are shown, by the API's key and as they are labelled.
    public static let componentKeys: [(key: String, label: String)] = [
        ("pm2_5", "PM2.5"), ("pm10", "PM10"), ("o3", "O₃"), ("no2", "NO₂"), ("so2", "SO₂"), ("co", "CO"),
        ("nh3", "NH₃"), ("no", "NO"),
    ]

    /// OpenWeather's words for its index: 1 Good, 2 Fair, 3 Moderate, 4 Poor, 5 Very Poor.
    public static func quality(_ index: Int64?) -> String? {
        guard let index, (1...5).contains(index) else { return nil }
        return ["Good", "Fair", "Moderate", "Poor", "Very Poor"][Int(index) - 1]
    }
}

/// Air quality at a place: now (one sample) or hour by hour (the forecast).
public struct AirQuality: Sendable, Hashable {
    /// Where the API says the samples are for (`coord`).
    public var latitude: NumberValue?
    public var longitude: NumberValue?
    /// In the API's order (oldest first).
    public var samples: [AirSample]
    /// Whether it came from `/air_pollution/forecast`.
    public var isForecast: Bool

    public init(latitude: NumberValue? = nil, longitude: NumberValue? = nil, samples: [AirSample] = [], isForecast: Bool = false) {
        self.latitude = latitude
        self.longitude = longitude
        self.samples = samples
        self.isForecast = isForecast
    }
}
