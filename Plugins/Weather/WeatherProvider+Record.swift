import APICore

/// The weather record (docs/design/0265-the-weather-record.md): `--past DURATION` shows the
/// observations `--now` kept over that period, `--verify` the stored forecasts against them
/// (docs/design/0266-forecast-verification.md). Both are read from the store alone.
extension WeatherProvider {
    /// `--past` alone is the record, `--verify` (bounded by `--past` when given) its verification;
    /// nil for any other view. The forecast's and `--air`'s options are usage errors with them.
    static func recordReport(from command: ParsedCommand) throws -> ReportKind? {
        let verify = command.flag("verify")
        guard verify || command.value("past") != nil else { return nil }
        let name = verify ? "--verify" : "--past"
        let others: [(option: String, given: Bool)] = [
            ("now", command.flag("now")), ("air", command.flag("air")), ("daily", command.flag("daily")),
            ("hours", command.value("hours") != nil), ("cnt", command.explicit.contains("cnt")),
            ("steps", command.flag("steps")), ("chart", command.flag("chart")),
        ]
        if let other = others.first(where: \.given) {
            throw UsageError("\(name) reads the weather record kept by --now; --\(other.option) does not go with it")
        }
        return verify ? .verify : .record
    }

    /// `--past DURATION` (`36h`, `7d`, `2w`), as `store prune --keep` reads one.
    static func period(from command: ParsedCommand) throws -> RecordPeriod? {
        guard let text = command.value("past") else { return nil }
        guard let seconds = DurationText.seconds(text) else {
            throw UsageError("--past takes a duration like 36h, 7d or 2w, not '\(text)'")
        }
        return RecordPeriod(text: text, seconds: seconds)
    }

    /// The line for a place whose record holds nothing to show over the period.
    static func nothingRecorded(for query: WeatherQuery) -> String {
        let period = query.period.map { " in the past \($0.text)" } ?? ""
        if query.report == .verify {
            return "nothing to verify for \(query.city)\(period): no stored forecast was made for a time it was observed "
                + "(each 'apicli weather \(query.city) --now' keeps an observation, each forecast fetched before it a forecast)"
        }
        return "nothing observed at \(query.city)\(period): each 'apicli weather \(query.city) --now' keeps an observation"
    }

    /// An observation of the record (`--past`), carrying its place's fields.
    static let recordShape = ItemShape(
        nestedIn: "observations",
        identity: ["city.id", "city.name", "time"],
        template: "{place_name} {local_time:%a %H:%M} {temp:.0}° {description|}",
        meanings: placeMeanings + cityMeanings + [
            FieldMeaning("from", "the period's start, ISO 8601 UTC (null for the whole record)"),
            FieldMeaning("to", "the period's end: now, or --as-of"),
        ] + observationMeanings)

    /// A group of `--verify`'s pairs by how far ahead the forecast was made.
    static let verifyShape = ItemShape(
        nestedIn: "leads",
        identity: ["query", "ahead_hours"],
        template: "{place_name} up to {ahead_hours}h ahead: {pairs} pairs, error {temp_error|?}, mean size {temp_abs_error|?}, rain right {rain_hit_rate|?}",
        meanings: placeMeanings + cityMeanings + [
            FieldMeaning("from", "the period's start, ISO 8601 UTC (null for the whole record)"),
            FieldMeaning("to", "the period's end: now, or --as-of"),
            FieldMeaning("observations", "how many observations the record holds over the period"),
            FieldMeaning("ahead_hours", "the forecasts were made up to this many hours before the time forecast"),
            FieldMeaning("ahead_from_hours", "and more than this many (the group before's bound)"),
            FieldMeaning("pairs", "observation and forecast pairs"),
            FieldMeaning("temp_error", "mean of forecast minus observed temperature (positive: forecast too warm)"),
            FieldMeaning("temp_abs_error", "mean size of that error"),
            FieldMeaning("rain_pairs", "pairs whose forecast gave a chance of precipitation (pop)"),
            FieldMeaning("rain_forecast", "of them, forecast wet: pop of 0.5 or more"),
            FieldMeaning("rain_observed", "of them, observed wet: rain or snow in the hour before"),
            FieldMeaning("rain_both", "of them, forecast and observed wet"),
            FieldMeaning("rain_hit_rate", "share of them where the forecast was right, wet or dry, 0 to 1"),
        ])
}
