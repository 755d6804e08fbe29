import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The default terminal view of a place asks two things: the forecast and the
/// current conditions. They are one query of two pages: page 0 is the forecast,
/// page 1 the current conditions, sent, cached (10 minutes) and stored exactly as
/// `--now` sends them. When the second fails the host keeps the first and says
/// why on stderr: the view still shows the forecast.
extension WeatherProvider {
    /// Two pages for the glance, one otherwise.
    static var paging: Paging<WeatherQuery, Forecast> {
        Paging(
            pageCount: { $0.layout.glance ? 2 : 1 },
            hasMore: { _, page, query in query.layout.glance && page == 0 },
            merge: { pages in
                guard var forecast = pages.first(where: { $0.report == .forecast }) else { return pages[0] }
                if let now = pages.last(where: { $0.report == .current }) { forecast = attaching(now, to: forecast) }
                return forecast
            })
    }

    /// `query` asking for the current conditions of the same place, units and language.
    static func currentQuery(for query: WeatherQuery) -> WeatherQuery {
        var asked = query
        asked.report = .current
        asked.count = nil
        asked.layout = ForecastLayout()
        return asked
    }

    /// The forecast with the observation of `now` (a `--now` answer) beside it.
    static func attaching(_ now: Forecast, to forecast: Forecast) -> Forecast {
        var joined = forecast
        joined.current = now.current
        joined.currentCity = now.city
        return joined
    }

    /// The observation a glance forecast carries, as the `--now` answer it came from; nil without one.
    static func currentAnswer(of forecast: Forecast) -> Forecast? {
        guard forecast.report == .forecast, let current = forecast.current else { return nil }
        var answer = Forecast(
            requested: forecast.requested, city: forecast.currentCity ?? forecast.city, units: forecast.units,
            entries: [], place: forecast.place, language: forecast.language)
        answer.report = .current
        answer.current = current
        return answer
    }

    /// Whether a body is a forecast (it has a `list`) rather than current conditions. A
    /// current-conditions answer never has the key; a forecast or its error body goes to
    /// the forecast's reader, which reads either.
    static func isForecastBody(_ body: Data) -> Bool {
        let key = Array("\"list\"".utf8)
        return body.withUnsafeBytes { bytes in
            guard bytes.count >= key.count else { return false }
            for start in 0...(bytes.count - key.count) where bytes[start] == key[0] {
                if (1..<key.count).allSatisfy({ bytes[start + $0] == key[$0] }) { return true }
            }
            return false
        }
    }

    /// `--steps`, `--daily`, `--hours`: the layout, and whether the terminal gets the glance.
    static func layout(from command: ParsedCommand, report: ReportKind, count: Int?) throws -> ForecastLayout {
        let steps = command.flag("steps")
        let chart = command.flag("chart")
        if chart, report != .forecast {
            throw UsageError("--chart draws the forecast; it does not go with --\(report == .current ? "now" : "air")")
        }
        if chart, steps || command.flag("daily") {
            throw UsageError("--chart is a view of its own (charts over a row a day); it goes with neither --steps nor --daily")
        }
        let daily = command.flag("daily")
        let hours = try command.int("hours", in: 1...120)
        if steps, report != .forecast {
            throw UsageError("--steps shows the forecast's 3-hour steps; it does not go with --\(report == .current ? "now" : "air")")
        }
        if steps, daily { throw UsageError("--steps and --daily are two views; ask for one at a time") }
        let glance = report == .forecast && command.drawsView && !steps && !daily && !chart && hours == nil && count == nil
        // Scripts' formats with --chart hold the steps, as they do without it.
        return ForecastLayout(daily: daily, hours: hours, glance: glance, chart: chart)
    }
}
