/// Which of OpenWeather's answers a query asks for: the 5-day forecast (its
/// steps, or its days with `--daily`), the current conditions (`--now`), or
/// air quality (`--air`: now, or hour by hour with `--hours`/`--daily`).
///
/// The three answers go through the same places, cache, limits, store and stale
/// fallback; the kind picks the endpoint, the decoder, the tables and the view. The
/// record and its verification are read from the store alone (``StoreOnly``).
public enum ReportKind: String, Sendable, Hashable, CaseIterable {
    /// `/data/2.5/forecast`.
    case forecast
    /// `/data/2.5/weather`.
    case current
    /// `/data/2.5/air_pollution`, or `/data/2.5/air_pollution/forecast` with `--hours`/`--daily`.
    case air
    /// `--past DURATION`: the observations kept over that period, from the store alone.
    case record
    /// `--verify`: the stored forecasts against the observations made at their times, from the store alone.
    case verify
}
