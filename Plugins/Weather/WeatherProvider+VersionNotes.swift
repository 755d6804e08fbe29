import APICore

/// `apicli store schema`: what the weather's version tables and view hold.
extension WeatherProvider {
    static var versionNotes: [TableNote] {
        let common = [
            "num": "order written", "city_key": "the place as asked, normalised (lowercased)",
            "units": "metric, imperial or standard", "lang": "--lang, empty for none",
            "fetched_at": "when the fetch that brought it ran (Unix seconds)",
            "hash": "hash of the content (64-bit FNV-1a of the stored values)",
            "query_key": "the answer that brought it: kind/place/units/lang(/cnt)",
        ]
        return [
            TableNote(
                "weather_entry_versions", "every version of each forecast step (place, units, lang, time)",
                columns: common.merging([
                    "dt": "the step's time, Unix seconds", "content": "the step's values as a JSON object",
                ]) { first, _ in first }),
            TableNote(
                "weather_current_versions", "every observation from --now: the place's own weather record",
                columns: common.merging([
                    "dt": "when it was observed, Unix seconds", "content": "the conditions as a JSON object",
                ]) { first, _ in first }),
            TableNote(
                "weather_air_versions", "every version of each air quality answer (place, kind)",
                columns: common.merging([
                    "kind": "now or forecast", "content": "the answer (lat, lon, samples) as a JSON object",
                ]) { first, _ in first }),
            TableNote(
                "weather_versions", "every item's versions, as every provider's versions view shows them",
                columns: [
                    "item": "forecast/PLACE/UNITS/LANG/TIME, current/PLACE/UNITS/LANG or air/PLACE/KIND",
                    "fetched_at": "when it was fetched (Unix seconds)", "hash": "hash of the content",
                    "query": "the answer that brought it", "content": "the content, JSON",
                ]),
        ]
    }
}
