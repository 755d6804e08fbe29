import APICore

/// What `--fields`, `--format line` and `--new` see, view by view: a forecast
/// step (the default), a local day (`--daily`), the current conditions
/// (`--now`), an hour of air quality (`--air`) or a day of it (`--air --daily`).
/// Each item carries its place's fields (`query`, `place_name`, `city.name`,
/// `units`…) and is identified by its place and time, so `--new` prints what a
/// new answer adds. A field of another view is a usage error naming it.
extension WeatherProvider {
    public var itemViews: [ItemView] {
        [
            ItemView(name: "the 3-hour steps", shape: Self.stepShape),
            ItemView(name: "--daily", options: "--daily", shape: Self.dayShape),
            ItemView(name: "--now", options: "--now", shape: Self.currentShape),
            ItemView(name: "--air", options: "--air", shape: Self.airShape),
            ItemView(name: "--air --daily", options: "--air --daily", shape: Self.airDayShape),
            ItemView(name: "--past", options: "--past", shape: Self.recordShape),
            ItemView(name: "--verify", options: "--verify", shape: Self.verifyShape),
        ]
    }

    public func itemView(for command: ParsedCommand) throws -> ItemView {
        let views = itemViews
        switch try Self.report(from: command) {
        case .forecast: return command.flag("daily") ? views[1] : views[0]
        case .current: return views[2]
        case .air: return command.flag("daily") ? views[4] : views[3]
        case .record: return views[5]
        case .verify: return views[6]
        }
    }

    /// What every view's items carry of their place.
    static let placeMeanings: [FieldMeaning] = [
                FieldMeaning("query", "the place as asked for on the command line"),
                FieldMeaning("place_name", "the place as the table's title names it (the geocoder's, in --lang; else the city's)"),
                FieldMeaning("place.name", "the place the name resolved to (Geocoding API)"),
                FieldMeaning("place.local_name", "its name in --lang, when the geocoder has one"),
                FieldMeaning("place.country", "its ISO 3166 country code"),
                FieldMeaning("place.state", "its state or region, when the geocoder gives one"),
                FieldMeaning("place.lat", "its latitude, degrees"),
                FieldMeaning("place.lon", "its longitude, degrees"),
    ]

    static let cityMeanings: [FieldMeaning] = [
                FieldMeaning("city.id", "OpenWeather's city id"),
                FieldMeaning("city.name", "the city's name, in --lang"),
                FieldMeaning("city.country", "ISO 3166 country code"),
                FieldMeaning("city.lat", "latitude, degrees"),
                FieldMeaning("city.lon", "longitude, degrees"),
                FieldMeaning("city.timezone", "the city's offset from UTC, seconds"),
                FieldMeaning("city.sunrise", "sunrise, ISO 8601 UTC"),
                FieldMeaning("city.sunset", "sunset, ISO 8601 UTC"),
                FieldMeaning("city.population", "population, when OpenWeather knows it"),
                FieldMeaning("units", "metric (°C, m/s), imperial (°F, mph) or standard (K, m/s)"),
    ]

    /// A forecast step, carrying its place's fields; identified by its place and time.
    static let stepShape = ItemShape(
        nestedIn: "forecasts",
        identity: ["city.id", "city.name", "time"],
        template: "{place_name} {local_time:%a %H:%M} {temp:.0}° {description|}",
        meanings: placeMeanings + cityMeanings + [
                FieldMeaning("time", "the step's time, ISO 8601 UTC"),
                FieldMeaning("local_time", "the step's time on the city's clock, ISO 8601 with offset"),
                FieldMeaning("temp", "temperature"),
                FieldMeaning("feels_like", "temperature as it feels"),
                FieldMeaning("temp_min", "lowest temperature in the area at that time"),
                FieldMeaning("temp_max", "highest temperature in the area at that time"),
                FieldMeaning("pressure", "sea-level pressure, hPa"),
                FieldMeaning("humidity", "relative humidity, %"),
                FieldMeaning("weather_id", "OpenWeather's condition code"),
                FieldMeaning("main", "the condition group (Rain, Clouds…)"),
                FieldMeaning("description", "the condition in words, in --lang"),
                FieldMeaning("icon", "OpenWeather's icon code"),
                FieldMeaning("clouds", "cloud cover, %"),
                FieldMeaning("wind_speed", "wind speed (m/s, or mph with imperial)"),
                FieldMeaning("wind_deg", "wind direction, degrees"),
                FieldMeaning("wind_gust", "wind gusts, same unit as wind_speed"),
                FieldMeaning("visibility", "visibility, metres"),
                FieldMeaning("pop", "probability of precipitation, 0 to 1"),
                FieldMeaning("rain_3h", "rain in the last 3 hours, mm"),
                FieldMeaning("snow_3h", "snow in the last 3 hours, mm"),
        ] + StatusFields.meanings)

    /// A local day of the forecast (`--daily`).
    static let dayShape = ItemShape(
        nestedIn: "days",
        identity: ["city.id", "city.name", "date"],
        template: "{place_name} {date} {temp_min:.0}°/{temp_max:.0}° {description|}",
        meanings: placeMeanings + cityMeanings + [
            FieldMeaning("date", "the local day, YYYY-MM-DD"),
            FieldMeaning("steps", "how many 3-hour steps fall on it (8 for a whole day)"),
            FieldMeaning("from", "the first step's local time when the forecast starts after the day began"),
            FieldMeaning("until", "the last step's local time when the forecast ends before the day does"),
            FieldMeaning("temp_min", "the day's lowest temperature"),
            FieldMeaning("temp_max", "the day's highest temperature"),
            FieldMeaning("weather_id", "the day's most significant condition code"),
            FieldMeaning("main", "its group (Rain, Clouds…)"),
            FieldMeaning("description", "it in words, in --lang"),
            FieldMeaning("icon", "its icon code (the day variant)"),
            FieldMeaning("precipitation", "rain and snow over the day's steps, mm"),
            FieldMeaning("pop", "the highest chance of precipitation, 0 to 1"),
            FieldMeaning("wind_speed", "the strongest wind"),
            FieldMeaning("wind_deg", "where it comes from, degrees"),
        ] + StatusFields.meanings)

    /// The current conditions (`--now`): one item per place.
    static let currentShape = ItemShape(
        identity: ["city.id", "city.name", "time"],
        template: "{place_name} {local_time:%H:%M} {temp:.0}° {description|}",
        meanings: placeMeanings + cityMeanings + observationMeanings + StatusFields.meanings.filter { $0.name != "pop_pct" })

    /// What one observation holds, `--now`'s and the record's.
    static let observationMeanings: [FieldMeaning] = [
            FieldMeaning("time", "when it was observed, ISO 8601 UTC"),
            FieldMeaning("local_time", "when it was observed on the place's clock, ISO 8601 with offset"),
            FieldMeaning("temp", "temperature"),
            FieldMeaning("feels_like", "temperature as it feels"),
            FieldMeaning("temp_min", "lowest temperature observed in the area now"),
            FieldMeaning("temp_max", "highest temperature observed in the area now"),
            FieldMeaning("pressure", "sea-level pressure, hPa"),
            FieldMeaning("humidity", "relative humidity, %"),
            FieldMeaning("weather_id", "the main condition's code"),
            FieldMeaning("main", "its group (Rain, Clouds…)"),
            FieldMeaning("description", "it in words, in --lang"),
            FieldMeaning("icon", "its icon code"),
            FieldMeaning("conditions", "every condition named, main first"),
            FieldMeaning("clouds", "cloud cover, %"),
            FieldMeaning("wind_speed", "wind speed (m/s, or mph with imperial)"),
            FieldMeaning("wind_deg", "wind direction, degrees"),
            FieldMeaning("wind_gust", "wind gusts, same unit as wind_speed"),
            FieldMeaning("visibility", "visibility, metres (at most 10000)"),
            FieldMeaning("rain_1h", "rain over the last hour, mm"),
            FieldMeaning("snow_1h", "snow over the last hour, mm"),
    ]

    static let airComponentMeanings: [FieldMeaning] = [
        FieldMeaning("pm2_5", "fine particles (PM2.5), µg/m³"),
        FieldMeaning("pm10", "coarse particles (PM10), µg/m³"),
        FieldMeaning("o3", "ozone, µg/m³"),
        FieldMeaning("no2", "nitrogen dioxide, µg/m³"),
        FieldMeaning("so2", "sulphur dioxide, µg/m³"),
        FieldMeaning("co", "carbon monoxide, µg/m³"),
        FieldMeaning("nh3", "ammonia, µg/m³"),
        FieldMeaning("no", "nitrogen monoxide, µg/m³"),
    ]

    static let airPlaceMeanings: [FieldMeaning] = placeMeanings + [
        FieldMeaning("units", "the --units asked for (air quality has none of its own)"),
        FieldMeaning("coord.lat", "latitude the answer is for"),
        FieldMeaning("coord.lon", "longitude the answer is for"),
    ]

    /// An hour of air quality (`--air`, now or with `--hours`).
    static let airShape = ItemShape(
        nestedIn: "air",
        identity: ["query", "time"],
        template: "{place_name} {local_time:%a %H:%M} AQI {aqi} {quality|} PM2.5 {pm2_5|?}",
        meanings: airPlaceMeanings + [
            FieldMeaning("time", "the hour, ISO 8601 UTC"),
            FieldMeaning("local_time", "the hour on the place's clock when apicli has stored its offset, else UTC; ISO 8601 with offset"),
            FieldMeaning("aqi", "OpenWeather's Air Quality Index, 1 to 5"),
            FieldMeaning("quality", "the index in words: Good, Fair, Moderate, Poor, Very Poor"),
        ] + airComponentMeanings)

    /// A UTC day of hourly air quality (`--air --daily`).
    static let airDayShape = ItemShape(
        nestedIn: "days",
        identity: ["query", "date"],
        template: "{place_name} {date} AQI {aqi} {quality|}",
        meanings: airPlaceMeanings + [
            FieldMeaning("date", "the day, YYYY-MM-DD (UTC)"),
            FieldMeaning("hours", "how many hourly samples fall on it"),
            FieldMeaning("aqi", "the day's worst Air Quality Index, 1 to 5"),
            FieldMeaning("quality", "it in words: Good, Fair, Moderate, Poor, Very Poor"),
        ] + airComponentMeanings.map { FieldMeaning($0.name, "highest " + $0.meaning) })
}
