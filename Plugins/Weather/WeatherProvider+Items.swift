import APICore

/// What `--fields`, `--format line` and `--new` see: each forecast step is an
/// item, carrying its city's fields (`query`, `city.name`, `units`…); a step is
/// identified by its place and time, so `--new` prints the steps a new
/// forecast adds.
extension WeatherProvider: ItemizedProvider {
    public var items: ItemShape {
        ItemShape(
            nestedIn: "forecasts",
            identity: ["city.id", "city.name", "time"],
            template: "{city.name|?} {local_time:%a %H:%M} {temp:.0}° {description|}",
            meanings: [
                FieldMeaning("query", "the place as asked for on the command line"),
                FieldMeaning("place.name", "the place the name resolved to (Geocoding API)"),
                FieldMeaning("place.local_name", "its name in --lang, when the geocoder has one"),
                FieldMeaning("place.country", "its ISO 3166 country code"),
                FieldMeaning("place.state", "its state or region, when the geocoder gives one"),
                FieldMeaning("place.lat", "its latitude, degrees"),
                FieldMeaning("place.lon", "its longitude, degrees"),
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
            ])
    }
}
