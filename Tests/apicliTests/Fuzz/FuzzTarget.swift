import Foundation
import TestSupport

/// One real answer the fuzz rewrites, where the loopback server serves it, and
/// how `apicli` is asked for it in each format.
///
/// The answer's own route gets the rewritten body; the provider's other routes
/// (the forecast's place lookup, the lookup's forecast) get the recorded answer
/// untouched, so each case breaks one answer at a time.
struct FuzzTarget: Sendable {
    /// `weather/weather-rostov-metric-ru-cnt8.json`, under Tests/Fixtures/real.
    let fixture: String
    /// The path whose answer is rewritten.
    let route: String
    /// The other paths and the recorded answers they get.
    let others: [String: String]
    /// The command, without format options.
    let command: [String]
    /// A provider file to install first (file providers), with its name.
    let providerFile: (name: String, text: String)?
    /// What a weather command adds: the daily view and the next hours read other code.
    let isWeather: Bool

    /// The runs of one case, in order: the first fetches and stores; the next ones
    /// draw the stored answer (the response cache) in every format; the last ones
    /// draw it `--offline`.
    var runs: [[String]] {
        let extra = isWeather ? ["--daily"] : []
        return [
            command,
            command + ["--format", "json"] + extra,
            command + ["--format", "ndjson"],
            command + ["--format", "csv"] + extra,
            command + ["--format", "line"],
            command + (isWeather ? ["--hours", "6", "--wide"] : ["--wide"]),
            command + ["--offline"] + extra,
            command + ["--offline", "--format", "csv"],
        ]
    }

    static let all: [FuzzTarget] = nyt + forecasts + lookups + files

    static let nyt = [
        "nyt/nyt-2016-05-dog-video-multimedia-docs.json",
        "nyt/nyt-2016-11-compact-escaped-slashes.json",
        "nyt/nyt-2017-03-wordcount-int-printpage-int.json",
    ].map { file in
        FuzzTarget(
            fixture: file, route: FixtureServer.nytPath, others: [:], command: ["nyt", "election"],
            providerFile: nil, isWeather: false)
    }

    /// Every recorded forecast, asked for by a name the recorded lookup resolves.
    static let forecasts = (weatherFixtures + ["forecast/forecast_hemel_hempstead_latlon_2022_aahill1.json"]).map { file in
        FuzzTarget(
            fixture: file, route: FixtureServer.weatherPath,
            others: [FixtureServer.directPath: FixtureServer.placeFixture], command: ["weather", "Paris"],
            providerFile: nil, isWeather: true)
    }

    static let weatherFixtures = [
        "weather/weather-bethnal-green-2014-standard-cnt25-one-item.json",
        "weather/weather-london-2013-standard-cnt1.json",
        "weather/weather-london-2019-metric-cnt3.json",
        "weather/weather-rostov-metric-ru-cnt8.json",
        "weather/weather-strasbourg-metric-fr-cnt40.json",
        "weather/weather-wroclaw-metric-cnt3.json",
    ]

    /// The Geocoding API's answers: direct by name, zip, and reverse for coordinates.
    static let lookups: [FuzzTarget] = [
        "geo/direct_hemel_hempstead_aahill1.json", "geo/direct_london_gb_dblock_2026.json", "geo/direct_london_pyowm.json",
    ].map { lookup(file: $0, route: FixtureServer.directPath, command: ["weather", "London", "--lang", "fr"]) } + [
        lookup(file: "geo/zip_94040_dblock_2026.json", route: FixtureServer.zipPath, command: ["weather", "--zip", "94040,US"]),
        lookup(file: "geo/reverse_london_dblock_2026.json", route: FixtureServer.reversePath, command: ["weather", "51.5,-0.12"]),
    ]

    static func lookup(file: String, route: String, command: [String]) -> FuzzTarget {
        FuzzTarget(
            fixture: file, route: route, others: [FixtureServer.weatherPath: FixtureServer.weatherFixture],
            command: command, providerFile: nil, isWeather: true)
    }

    static let files: [FuzzTarget] = [
        FuzzTarget(
            fixture: Sandbox.wikiFixture, route: Sandbox.wikiPath, others: [:], command: ["wiki", "computing"],
            providerFile: ("wiki", Sandbox.wikiFile), isWeather: false),
        FuzzTarget(
            fixture: Sandbox.hnFixture, route: Sandbox.hnPath, others: [:], command: ["hn", "papers"],
            providerFile: ("hn", hnFile), isWeather: false),
        FuzzTarget(
            fixture: "search/hn_search_gitub_hitsPerPage1_2016_nilobarp.json", route: Sandbox.hnPath, others: [:],
            command: ["hn", "github"], providerFile: ("hn", hnFile), isWeather: false),
    ]

    /// Hacker News search with a number, a date and a Unix-time column, paged by a total.
    static let hnFile = """
        {
          "apicli": 1,
          "name": "hn",
          "summary": "Search Hacker News stories.",
          "baseURL": "https://hn.algolia.com",
          "path": "/api/v1/search",
          "words": {"parameter": "query"},
          "key": "none",
          "items": "hits",
          "id": "objectID",
          "columns": [
            {"name": "title", "path": "title", "kind": "text", "searchable": true},
            {"name": "points", "path": "points", "kind": "number"},
            {"name": "comments", "path": "num_comments", "kind": "number"},
            {"name": "created", "path": "created_at", "kind": "date"},
            {"name": "stamp", "path": "created_at_i", "kind": "number"},
            {"name": "url", "path": "url", "kind": "url"}
          ],
          "paging": {"style": "page", "parameter": "page", "size": 1, "sizeParameter": "hitsPerPage", "maxPage": 9,
                     "total": "nbHits"}
        }
        """
}
