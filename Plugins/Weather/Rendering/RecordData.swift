import APICore

/// `--past` for scripts: one JSON element per place, the place and its period, then each
/// observation with the fields `--now` gives it (`observations`, one item each for
/// `--fields`, `--template` and NDJSON); the CSV is `--now`'s, one row per observation.
///
/// ```json
/// {"query": "Paris", "place_name": "Paris, FR", …, "from": "2026-11-30T21:00:00Z", "to": "2026-12-07T21:00:00Z",
///  "observations": [{"time": "2026-12-01T06:00:00Z", "local_time": "2026-12-01T07:00:00+01:00", "temp": 3.1, …}]}
/// ```
enum RecordData {
    static func object(_ answer: Forecast) -> JSONValue {
        let record = answer.record ?? WeatherRecord(observations: [], from: nil, to: 0)
        let offset = answer.city.timezoneOffset ?? 0
        return .object(WeatherJSONHead.members(answer) + [
            .init("from", JSONValue(record.from.map { Timestamp.format(unix: $0) })),
            .init("to", .string(Timestamp.format(unix: record.to))),
            .init("observations", .array(record.observations.map { .object(CurrentJSON.members($0, offset: offset)) })),
        ])
    }

    static func table(_ answers: [Forecast]) -> Table {
        let rows = answers.flatMap { answer in (answer.record?.observations ?? []).map { CurrentRows.row(answer, $0) } }
        return ForecastRows.csvTable(columns: CurrentRows.columns, rows: rows)
    }

    /// The observations as the steps the forecast's charts draw: time, temperature and the hour's precipitation.
    static func chartSteps(_ answer: Forecast) -> Forecast {
        var steps = answer
        steps.entries = (answer.record?.observations ?? []).compactMap { observation in
            guard let time = observation.time else { return nil }
            var entry = ForecastEntry(time: time)
            entry.temperature = observation.temperature
            entry.rain = observation.rain
            entry.snow = observation.snow
            return entry
        }
        return steps
    }
}
