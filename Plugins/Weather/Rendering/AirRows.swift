import APICore

/// The `--air` CSV: one row per hour (or per UTC day with `--daily`) of each place, query and place first.
enum AirRows {
    static func table(_ answers: [Forecast]) -> Table {
        let daily = answers.first?.layout.daily == true
        let components = AirSample.componentKeys.map(\.key)
        let columns = ["query", "place_name", daily ? "date" : "time", daily ? "hours" : "local_time", "aqi", "quality"] + components
        var rows: [[String]] = []
        for answer in answers {
            let samples = AirView.shown(answer)
            let offset = AirView.offset(answer) ?? 0
            if daily {
                for day in AirDay.days(samples, offset: offset) {
                    rows.append(
                        [answer.requested, answer.placeName, day.date, String(day.hours), day.index.map(String.init) ?? "",
                         AirSample.quality(day.index) ?? ""] + components.map { ForecastRows.text(day.highest[$0]) })
                }
            } else {
                for sample in samples {
                    rows.append(
                        [answer.requested, answer.placeName, Timestamp.format(unix: sample.time),
                         LocalTime(unix: sample.time, offset: offset).iso8601, sample.index.map(String.init) ?? "",
                         AirSample.quality(sample.index) ?? ""] + components.map { ForecastRows.text(sample.components[$0]) })
                }
            }
        }
        return ForecastRows.csvTable(columns: columns, rows: rows)
    }
}
