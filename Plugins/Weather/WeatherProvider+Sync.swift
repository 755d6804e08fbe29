import APICore

/// What `apicli store sync` exchanges of the weather's: the versions of forecast steps,
/// current conditions and air quality. A version does not hold what its answer's rows
/// need (the request, `--cnt`, the step's position), so pulled versions are kept as
/// versions: `history`, `--as-of` and `store sql` see them; the weather has no full-text index.
extension WeatherProvider {
    static let storage = StorageOwnership(
        owner: "weather",
        versionTables: [
            VersionTable(
                table: "weather_entry_versions",
                item: "'forecast/' || city_key || '/' || units || '/' || lang || '/' || dt"),
            VersionTable(table: "weather_current_versions", item: "'current/' || city_key || '/' || units || '/' || lang"),
            VersionTable(table: "weather_air_versions", item: "'air/' || city_key || '/' || kind"),
        ])
}
