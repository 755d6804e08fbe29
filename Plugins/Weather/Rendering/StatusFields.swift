import APICore

/// Fields a status bar draws with, beside each item's own, for `--template` and
/// `--fields` (never in JSON, whose shape stays the API's): `{symbol}`, `{wind_dir}`,
/// `{wind_arrow}`, `{temp_text}` (with its unit, `15.5°C`), `{pop_pct}` and `{moon}`,
/// as wttr.in's `%c %t %w %m` give. A value that cannot be made is left out.
enum StatusFields {
    static let meanings: [FieldMeaning] = [
        FieldMeaning("symbol", "the condition as a symbol (☀, ☁, ☂, ❄…)"),
        FieldMeaning("temp_text", "the temperature with its unit, one decimal (15.5°C); never -0"),
        FieldMeaning("wind_dir", "where the wind comes from, a compass point (SW)"),
        FieldMeaning("wind_arrow", "where the wind blows to, an arrow (↗ for a south-westerly)"),
        FieldMeaning("pop_pct", "the chance of precipitation in percent (20%)"),
        FieldMeaning("moon", "the moon's phase that day, computed from the date (🌓)"),
    ]

    /// `results`' JSON elements with the status fields added to every item.
    static func elements(_ results: [Forecast], json: ([Forecast]) -> any Sequence<JSONValue>) -> [JSONValue] {
        results.map { answer -> JSONValue in
            guard let element = Array(json([answer])).first, case var .object(members) = element else { return .null }
            let units = answer.units
            switch answer.report {
            case .forecast where answer.layout.daily:
                let offset = answer.city.timezoneOffset ?? 0
                let days = DaySummary.days(answer.shownEntries, offset: offset)
                // A day's moon is judged at its first step.
                var firstStep: [String: Int64] = [:]
                for entry in answer.shownEntries {
                    let date = LocalTime(unix: entry.time, offset: offset).date
                    if firstStep[date] == nil { firstStep[date] = entry.time }
                }
                members = adding(to: members, key: "days") { index in
                    guard index < days.count else { return [] }
                    let day = days[index]
                    return fields(
                        icon: day.condition?.icon, temperature: day.temperatureMax, units: units,
                        windDirection: day.windDirection, chance: day.precipitationProbability,
                        time: firstStep[day.day.date])
                }
            case .forecast:
                let entries = answer.shownEntries
                members = adding(to: members, key: "forecasts") { index in
                    guard index < entries.count else { return [] }
                    let entry = entries[index]
                    return fields(
                        icon: entry.condition?.icon, temperature: entry.temperature, units: units,
                        windDirection: entry.windDirection, chance: entry.precipitationProbability, time: entry.time)
                }
            case .current:
                let current = answer.current ?? CurrentConditions()
                members += fields(
                    icon: current.condition?.icon, temperature: current.temperature, units: units,
                    windDirection: current.windDirection, chance: nil, time: current.time)
            case .air, .record, .verify:
                break
            }
            return .object(members)
        }
    }

    /// The members with `extra(index)` appended to the `index`th object of the array under `key`.
    static func adding(
        to members: [JSONValue.Member], key: String, _ extra: (Int) -> [JSONValue.Member]
    ) -> [JSONValue.Member] {
        members.map { member in
            guard member.key == key, case let .array(items) = member.value else { return member }
            return JSONValue.Member(key, .array(items.enumerated().map { index, item in
                guard case let .object(fields) = item else { return item }
                return .object(fields + extra(index))
            }))
        }
    }

    static func fields(
        icon: String?, temperature: NumberValue?, units: Units, windDirection: NumberValue?, chance: NumberValue?,
        time: Int64?
    ) -> [JSONValue.Member] {
        var fields: [JSONValue.Member] = []
        if icon != nil { fields.append(.init("symbol", .string(WeatherSymbols.symbol(forIcon: icon, unicode: true)))) }
        if temperature != nil {
            fields.append(.init("temp_text", .string(MeasureText.temperature(temperature, units: units, unicode: true))))
        }
        if let degrees = windDirection?.doubleValue, degrees.isFinite {
            fields.append(.init("wind_dir", .string(MeasureText.compassPoint(degrees))))
            fields.append(.init("wind_arrow", .string(arrow(degrees))))
        }
        if chance != nil { fields.append(.init("pop_pct", .string(MeasureText.probability(chance)))) }
        if let time { fields.append(.init("moon", .string(MoonPhase.symbol(unix: time)))) }
        return fields
    }

    /// The arrow of where a wind from `degrees` blows to: a northerly blows south, `↓`.
    static func arrow(_ degrees: Double) -> String {
        let arrows = ["↓", "↙", "←", "↖", "↑", "↗", "→", "↘"]
        let point = MeasureText.compassPoint(degrees)
        let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        return points.firstIndex(of: point).map { arrows[$0] } ?? ""
    }
}

/// The moon's phase on a date, from the mean synodic month counted from a known new
/// moon (2000-01-06 18:14 UTC): within about a day of the true phase, enough for a symbol.
enum MoonPhase {
    static let synodicMonth = 29.530588853 * 86_400
    static let knownNewMoon = 947_182_440.0

    /// 0 (new) ..< 1, the fraction of the month since the last new moon.
    static func age(unix: Int64) -> Double {
        let months = (Double(unix) - knownNewMoon) / synodicMonth
        let fraction = months - months.rounded(.down)
        return fraction.isFinite ? fraction : 0
    }

    /// 🌑 new, 🌒, 🌓 first quarter, 🌔, 🌕 full, 🌖, 🌗 last quarter, 🌘.
    static func symbol(unix: Int64) -> String {
        let symbols = ["🌑", "🌒", "🌓", "🌔", "🌕", "🌖", "🌗", "🌘"]
        let eighth = Int(saturating: age(unix: unix) * 8, rounding: .toNearestOrAwayFromZero) ?? 0
        return symbols[(eighth % 8 + 8) % 8]
    }
}
