import APICore

/// What `apicli store sync` exchanges of the weather's: the versions of forecast steps,
/// current conditions and air quality. Received steps and current conditions rebuild the
/// place's whole forecast and its current conditions (``WeatherReceived``), so `--offline`
/// answers from them; air quality versions are kept as versions (`history`, `--as-of` and
/// `store sql` see them). The weather has no full-text index.
extension WeatherProvider {
    static let storage = StorageOwnership(
        owner: "weather",
        versionTables: [
            VersionTable(
                table: "weather_entry_versions",
                item: "'forecast/' || city_key || '/' || units || '/' || lang || '/' || dt",
                rebuild: WeatherReceived.forecast),
            VersionTable(
                table: "weather_current_versions", item: "'current/' || city_key || '/' || units || '/' || lang",
                rebuild: WeatherReceived.current),
            VersionTable(table: "weather_air_versions", item: "'air/' || city_key || '/' || kind"),
        ])
}
