#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One place to forecast, with the settings that shape the answer and its view.
public struct WeatherQuery: Sendable, Hashable {
    /// The place as the user wrote it (`New York`, `London,GB`, `48.85,2.35`,
    /// `zip 94040,US`): what messages name.
    public var city: String
    /// How the place was named, and so how it is resolved.
    public var place: PlaceRequest
    public var units: Units
    /// OpenWeather language code (`fr`, `pt_br`); nil for the API's default (English).
    public var language: String?
    /// How many 3-hour steps (1…40); nil for the API's default (all 40).
    public var count: Int?
    /// What the place resolved to, once the host ran its lookup; nil before, or for an id.
    public var resolved: Place?
    /// Which steps are shown, and how.
    public var layout: ForecastLayout
    /// Which answer is asked for: the forecast, the current conditions or air quality.
    public var report: ReportKind = .forecast
    /// `--past DURATION`, for the record and its verification; nil: the whole record.
    public var period: RecordPeriod?

    public init(
        city: String, units: Units = .metric, language: String? = nil, count: Int? = nil,
        place: PlaceRequest? = nil, layout: ForecastLayout = ForecastLayout()
    ) {
        self.city = city
        self.place = place ?? .name(city)
        self.units = units
        self.language = language
        self.count = count
        self.layout = layout
    }

    /// The store key for the place: `london,gb` for `  London , GB`, so that the
    /// same place typed differently finds the same stored forecast.
    public var cityKey: String { place.key }
}

/// The view options: `--daily` (one row per local day), `--hours N`, and whether the
/// terminal shows the glance (now, the next days by period, charts) rather than the steps.
public struct ForecastLayout: Sendable, Hashable {
    public var daily: Bool
    /// Only the steps in the next `hours` hours, counted from the first step shown.
    public var hours: Int?
    /// The default view on a terminal: the current conditions are fetched beside the
    /// forecast and the days are shown by period (``GlanceView``). Never set for JSON,
    /// CSV, NDJSON, lines, `--steps`, `--daily`, `--hours` or `--cnt`.
    public var glance: Bool
    /// `--chart`: the whole forecast as tall charts over a row a day (``ChartView``).
    public var chart: Bool

    public init(daily: Bool = false, hours: Int? = nil, glance: Bool = false, chart: Bool = false) {
        self.daily = daily
        self.hours = hours
        self.glance = glance
        self.chart = chart
    }
}
