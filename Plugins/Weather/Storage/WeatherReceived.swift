/// How versions received by `apicli store sync` become the weather's rows, so that
/// `weather PLACE --offline` and `--now --offline` answer from what a colleague fetched
/// (docs/design/0291-received-weather-and-provider-file-rows.md). Each statement runs after
/// a batch wrote versions, `?1` the lowest `num` it wrote, and touches only the places
/// that batch brought.
///
/// A place's received forecast is its whole forecast (`cnt` 0): the newest 40 step times the
/// store holds versions of, each in its latest version by fetch time, fetched at its newest
/// version's time. It is written only when no forecast of that place, units and language
/// stored here is as new, so a forecast fetched here is never replaced by an older one.
/// A version does not hold the city block nor the request as typed: the place's key stands
/// for the request, and the city's name, position and time zone are left empty.
enum WeatherReceived {
    /// The places (key and newest fetch time) whose step versions the batch wrote and whose
    /// stored forecasts are all older than their newest step version.
    static let newerPlaces = """
        WITH newest AS (
            SELECT city_key, units, lang, max(fetched_at) AS fetched_at FROM weather_entry_versions
            WHERE (city_key, units, lang) IN (SELECT city_key, units, lang FROM weather_entry_versions WHERE num >= ?1)
            GROUP BY city_key, units, lang),
        places AS (
            SELECT * FROM newest n WHERE NOT EXISTS (
                SELECT 1 FROM weather_forecasts f
                WHERE f.city_key = n.city_key AND f.units = n.units AND f.lang = n.lang AND f.fetched_at >= n.fetched_at))
        """

    static let dropSteps = newerPlaces + """
         DELETE FROM weather_entries
        WHERE cnt = 0 AND (city_key, units, lang) IN (SELECT city_key, units, lang FROM places)
        """

    static let writeForecast = newerPlaces + """
         INSERT INTO weather_forecasts (city_key, units, lang, cnt, requested, fetched_at)
        SELECT city_key, units, lang, 0, city_key, fetched_at FROM places WHERE true
        ON CONFLICT (city_key, units, lang, cnt) DO UPDATE SET fetched_at = excluded.fetched_at
        """

    /// The steps of each whole forecast the batch's places have and that holds no step (the
    /// ones ``dropSteps`` emptied and ``writeForecast`` made).
    static let writeSteps: String = {
        let values = ["dt"] + ForecastStore.entryColumns.names + ForecastStore.conditionColumns
        return "INSERT INTO weather_entries (city_key, units, lang, cnt, position, " + values.joined(separator: ", ") + ") "
            + "SELECT city_key, units, lang, 0, row_number() OVER (PARTITION BY city_key, units, lang ORDER BY dt) - 1, "
            + values.map { "json_extract(content, '$.\($0)')" }.joined(separator: ", ")
            + """
             FROM (
                SELECT v.*, row_number() OVER (PARTITION BY v.city_key, v.units, v.lang ORDER BY v.dt DESC) AS from_end
                FROM weather_entry_versions v JOIN weather_forecasts f
                    ON f.city_key = v.city_key AND f.units = v.units AND f.lang = v.lang AND f.cnt = 0
                WHERE (v.city_key, v.units, v.lang) IN (
                        SELECT city_key, units, lang FROM weather_entry_versions WHERE num >= ?1)
                    AND NOT EXISTS (SELECT 1 FROM weather_entries e
                        WHERE e.city_key = f.city_key AND e.units = f.units AND e.lang = f.lang AND e.cnt = 0)
                    AND v.num = (SELECT w.num FROM weather_entry_versions w
                        WHERE w.city_key = v.city_key AND w.units = v.units AND w.lang = v.lang AND w.dt = v.dt
                        ORDER BY w.fetched_at DESC, w.num DESC LIMIT 1))
            WHERE from_end <= \(ForecastStore.allSteps)
            """
    }()

    static let forecast = [dropSteps, writeForecast, writeSteps]

    /// The current conditions of each place the batch brought, from its latest version by
    /// fetch time, when that is newer than the conditions stored here.
    static let current: [String] = {
        let values = ForecastStore.cityColumns.names + CurrentStore.observationColumns.names
            + ForecastStore.conditionColumns + ["conditions"]
        let written = ["city_key", "units", "lang", "requested", "fetched_at"] + values
        return [
            "INSERT INTO weather_current (" + written.joined(separator: ", ") + ") "
                + "SELECT city_key, units, lang, city_key, fetched_at, "
                + values.map { "json_extract(content, '$.\($0)')" }.joined(separator: ", ")
                + """
                 FROM weather_current_versions v WHERE v.num >= ?1 AND v.num = (
                    SELECT w.num FROM weather_current_versions w
                    WHERE w.city_key = v.city_key AND w.units = v.units AND w.lang = v.lang
                    ORDER BY w.fetched_at DESC, w.num DESC LIMIT 1)
                ON CONFLICT (city_key, units, lang) DO UPDATE SET
                """
                + (["fetched_at"] + values).map { " \($0) = excluded.\($0)" }.joined(separator: ",")
                + " WHERE excluded.fetched_at > weather_current.fetched_at"
        ]
    }()
}
