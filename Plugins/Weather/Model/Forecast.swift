import APICore

/// One place's answer, as one query yields it: its 5-day/3-hour forecast, or,
/// for `--now` and `--air` (``report``), its current conditions or air quality.
/// The place (``requested``, ``place``, ``city``) and the units are shared by
/// every kind, so one title and one stored place serve them all.
public struct Forecast: Sendable, Hashable {
    /// The city exactly as the user typed it (`London,GB`): what errors and the
    /// store key refer to.
    public var requested: String
    public var city: City
    public var units: Units
    /// In the API's order (oldest first).
    public var entries: [ForecastEntry]
    /// The place the geocoder chose for the query; nil for a city id, or a stored
    /// forecast from before places were resolved.
    public var place: Place?
    /// The `--lang` code, for the place's local name.
    public var language: String?
    /// Which steps are shown, and how (not stored: it is the query's).
    public var layout: ForecastLayout
    /// Which answer this is; ``entries`` is empty unless it is the forecast.
    public var report: ReportKind = .forecast
    /// `--now`: the observation (the city block is ``city``); the glance's observation too.
    public var current: CurrentConditions?
    /// The glance's current-conditions city block (its sun times and offset), beside the forecast's ``city``.
    public var currentCity: City?
    /// `--air`: the samples.
    public var air: AirQuality?
    /// `--past`: the observations over the period.
    public var record: WeatherRecord?
    /// `--verify`: the forecasts against the observations, by how far ahead they were made.
    public var verification: Verification?
    /// The units the values were stored in, when they were converted to ``units`` offline.
    public var convertedFrom: Units?
    /// How many stored steps were left out as past (offline), so an empty view can say why.
    public var pastLeftOut = 0

    public init(
        requested: String, city: City, units: Units, entries: [ForecastEntry], place: Place? = nil,
        language: String? = nil, layout: ForecastLayout = ForecastLayout()
    ) {
        self.requested = requested
        self.city = city
        self.units = units
        self.entries = entries
        self.place = place
        self.language = language
        self.layout = layout
    }

    /// The steps shown: all of them, or those in the first `--hours` hours.
    public var shownEntries: [ForecastEntry] {
        guard let hours = layout.hours, let first = entries.first else { return entries }
        let end = first.time.addingSaturated(Int64(hours).multipliedSaturated(by: 3600))
        return entries.filter { $0.time < end }
    }

    /// The place as every format names it: ``title``.
    public var placeName: String { title }

    /// The place's name (in `--lang` when the geocoder has it) and region:
    /// `Londres, GB`, `Paris, US-TX`; else the forecast's own city, `Paris, FR`;
    /// the typed text without either.
    public var title: String {
        if let title = place?.title(in: language) { return title }
        guard let name = city.name, !name.isEmpty else { return requested }
        guard let country = city.country, !country.isEmpty else { return name }
        return name + ", " + country
    }
}

/// One 3-hour step of a forecast. Only the time is required; everything else
/// is whatever that step carried.
public struct ForecastEntry: Sendable, Hashable {
    /// Unix seconds (`dt`).
    public var time: Int64
    /// The API's own UTC text (`2019-06-02 09:00:00`), kept for the record.
    public var timeText: String?
    public var temperature: NumberValue?
    public var feelsLike: NumberValue?
    public var temperatureMin: NumberValue?
    public var temperatureMax: NumberValue?
    /// hPa.
    public var pressure: NumberValue?
    public var seaLevel: NumberValue?
    public var groundLevel: NumberValue?
    /// Percent.
    public var humidity: NumberValue?
    public var temperatureKf: NumberValue?
    public var condition: Condition?
    /// Cloudiness, percent.
    public var clouds: NumberValue?
    public var windSpeed: NumberValue?
    /// Degrees the wind comes from (meteorological).
    public var windDirection: NumberValue?
    public var windGust: NumberValue?
    /// Metres.
    public var visibility: NumberValue?
    /// Probability of precipitation, 0…1.
    public var precipitationProbability: NumberValue?
    /// Rain volume over the 3 hours, mm.
    public var rain: NumberValue?
    /// Snow volume over the 3 hours, mm.
    public var snow: NumberValue?

    public init(time: Int64) {
        self.time = time
    }
}

/// `weather[0]`: the condition code, its group, its description (in `--lang`)
/// and its icon code (`10d`).
public struct Condition: Sendable, Hashable {
    public var id: Int64?
    public var main: String?
    public var description: String?
    public var icon: String?

    public init(id: Int64? = nil, main: String? = nil, description: String? = nil, icon: String? = nil) {
        self.id = id
        self.main = main
        self.description = description
        self.icon = icon
    }
}
