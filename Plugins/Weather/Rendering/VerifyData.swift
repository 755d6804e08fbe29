import APICore

/// `--verify` for scripts: one JSON element per place, its period and how many observations
/// it holds, then a group per lead (`leads`, one item each for `--fields`, `--template` and
/// NDJSON); the CSV has a row per place and lead. Means and rates are rounded to the hundredth.
///
/// ```json
/// {"query": "Paris", …, "from": null, "to": "2026-12-07T21:00:00Z", "observations": 42,
///  "leads": [{"ahead_hours": 3, "ahead_from_hours": 0, "pairs": 12, "temp_error": 0.41, "temp_abs_error": 0.9,
///             "rain_pairs": 12, "rain_forecast": 2, "rain_observed": 3, "rain_both": 2, "rain_hit_rate": 0.92}]}
/// ```
enum VerifyData {
    static let leadColumns = [
        "ahead_hours", "ahead_from_hours", "pairs", "temp_error", "temp_abs_error", "rain_pairs", "rain_forecast",
        "rain_observed", "rain_both", "rain_hit_rate",
    ]

    static func object(_ answer: Forecast) -> JSONValue {
        let verification = answer.verification ?? Verification(leads: [], observations: 0, from: nil, to: 0)
        return .object(WeatherJSONHead.members(answer) + [
            .init("from", JSONValue(verification.from.map { Timestamp.format(unix: $0) })),
            .init("to", .string(Timestamp.format(unix: verification.to))),
            .init("observations", .int(Int64(verification.observations))),
            .init("leads", .array(verification.leads.map { .object(zip(leadColumns, values($0)).map { .init($0, $1) }) })),
        ])
    }

    /// A group's values in ``leadColumns``' order.
    static func values(_ group: LeadGroup) -> [JSONValue] {
        [
            .int(Int64(group.hours)), .int(Int64(group.after)), .int(Int64(group.pairs)),
            JSONValue(group.meanError.map(hundredth)), JSONValue(group.meanAbsoluteError.map(hundredth)),
            .int(Int64(group.rainPairs)), .int(Int64(group.rainForecast)), .int(Int64(group.rainObserved)),
            .int(Int64(group.rainBoth)), JSONValue(group.rainHitRate.map(hundredth)),
        ]
    }

    static func hundredth(_ value: Double) -> Double {
        guard value.isFinite, abs(value) < 1e13 else { return value }
        return (value * 100).rounded() / 100
    }

    static func table(_ answers: [Forecast]) -> Table {
        let columns = ["query", "place_name", "from", "to", "observations"] + leadColumns + ["units"]
        let rows = answers.flatMap { answer -> [[String]] in
            guard let verification = answer.verification else { return [] }
            let head = [
                answer.requested, answer.placeName, verification.from.map { Timestamp.format(unix: $0) } ?? "",
                Timestamp.format(unix: verification.to), String(verification.observations),
            ]
            return verification.leads.map { group in head + values(group).map(text) + [answer.units.rawValue] }
        }
        return ForecastRows.csvTable(columns: columns, rows: rows)
    }

    /// A value as the CSV writes it: a number as JSON writes it, empty for none.
    static func text(_ value: JSONValue) -> String {
        value == .null ? "" : value.serialized(pretty: false)
    }
}
