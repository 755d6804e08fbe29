import APICore

/// `apicli store schema`: what the weather tables hold, for `apicli store sql`.
///
/// The tables hold the latest forecast per (city, units, lang, cnt): a new one replaces
/// the old whole. How each step changed between fetches is kept in the version tables.
extension WeatherProvider {
    public var tableNotes: [TableNote] {
        let key = [
            "city_key": "the city as asked, normalised (lowercased)", "units": "metric, imperial or standard",
            "lang": "--lang, empty for none",
        ]
        let steps = "--cnt, the steps asked for; 0 when not given (all of them)"
        return [
            TableNote(
                "weather_forecasts", "the latest forecast per (city, units, lang, cnt): the city block",
                columns: key.merging([
                    "cnt": steps,
                    "requested": "the city as typed", "fetched_at": "when it was fetched (Unix seconds)",
                    "city_id": "OpenWeather's city id", "city_name": "the city's name", "country": "country code",
                    "lat": "latitude", "lon": "longitude", "timezone": "offset from UTC, seconds",
                    "sunrise": "sunrise, Unix seconds", "sunset": "sunset, Unix seconds", "population": "population",
                ]) { first, _ in first }),
            TableNote(
                "weather_entries", "the steps of each latest forecast, every 3 hours",
                columns: key.merging([
                    "cnt": steps, "position": "order in the forecast, from 0", "dt": "the step's time, Unix seconds",
                    "dt_txt": "the step's time as OpenWeather wrote it (UTC)", "temp": "temperature",
                    "feels_like": "felt temperature", "temp_min": "lowest temperature", "temp_max": "highest temperature",
                    "pressure": "pressure, hPa", "sea_level": "sea-level pressure, hPa",
                    "grnd_level": "ground-level pressure, hPa", "humidity": "relative humidity, %",
                    "temp_kf": "OpenWeather's internal correction", "weather_id": "condition code",
                    "weather_main": "condition group", "description": "condition in words", "icon": "icon code",
                    "clouds": "cloud cover, %", "wind_speed": "wind speed", "wind_deg": "wind direction, degrees",
                    "wind_gust": "gusts", "visibility": "visibility, metres", "pop": "probability of precipitation, 0-1",
                    "rain_3h": "rain over 3 hours, mm", "snow_3h": "snow over 3 hours, mm",
                ]) { first, _ in first }),
            TableNote(
                "weather_places", "places resolved through the Geocoding API, kept 30 days",
                columns: [
                    "lookup": "what was looked up: a name, a zip code or coordinates, normalised",
                    "fetched_at": "when it was resolved (Unix seconds)", "name": "the place's name",
                    "local_names": "its names by language code, as JSON", "lat": "latitude", "lon": "longitude",
                    "country": "country code", "state": "state or region, when the API gives one",
                ]),
            TableNote(
                "weather_current", "the latest current conditions per (place, units, lang), from --now",
                columns: key.merging([
                    "requested": "the place as typed", "fetched_at": "when it was fetched (Unix seconds)",
                    "city_id": "OpenWeather's city id", "city_name": "the city's name", "country": "country code",
                    "lat": "latitude", "lon": "longitude", "timezone": "offset from UTC, seconds",
                    "sunrise": "sunrise, Unix seconds", "sunset": "sunset, Unix seconds",
                    "population": "population (not sent by this endpoint)", "dt": "when it was observed, Unix seconds",
                    "temp": "temperature", "feels_like": "felt temperature", "temp_min": "lowest temperature nearby",
                    "temp_max": "highest temperature nearby", "pressure": "pressure, hPa",
                    "humidity": "relative humidity, %", "visibility": "visibility, metres",
                    "wind_speed": "wind speed", "wind_deg": "wind direction, degrees", "wind_gust": "gusts",
                    "clouds": "cloud cover, %", "rain_1h": "rain over the last hour, mm",
                    "snow_1h": "snow over the last hour, mm", "weather_id": "main condition code",
                    "weather_main": "main condition group", "description": "main condition in words",
                    "icon": "main condition's icon code", "conditions": "every condition named, as JSON",
                ]) { first, _ in first }),
            TableNote(
                "weather_air", "the latest air quality per place and kind, from --air",
                columns: [
                    "city_key": "the place as asked, normalised (lowercased)",
                    "kind": "now, or forecast (hourly, with --hours or --daily)", "requested": "the place as typed",
                    "fetched_at": "when it was fetched (Unix seconds)", "lat": "latitude the answer is for",
                    "lon": "longitude the answer is for",
                ]),
            TableNote(
                "weather_air_samples", "the hours of each latest air quality answer",
                columns: [
                    "city_key": "the place as asked, normalised (lowercased)", "kind": "now or forecast",
                    "position": "order in the answer, from 0", "dt": "the hour, Unix seconds",
                    "aqi": "Air Quality Index: 1 Good, 2 Fair, 3 Moderate, 4 Poor, 5 Very Poor",
                    "pm2_5": "fine particles, µg/m³", "pm10": "coarse particles, µg/m³", "o3": "ozone, µg/m³",
                    "no2": "nitrogen dioxide, µg/m³", "so2": "sulphur dioxide, µg/m³",
                    "co": "carbon monoxide, µg/m³", "nh3": "ammonia, µg/m³", "no": "nitrogen monoxide, µg/m³",
                ]),
        ] + Self.versionNotes
    }
}
