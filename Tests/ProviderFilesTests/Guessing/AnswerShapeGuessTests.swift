import APICore
@testable import ProviderFiles
import Foundation
import Testing
import TestSupport

/// Where real answers keep their items, read from the answers themselves: what a run
/// falls back on when a file's `items` does not fit, and what `{"shape": "any"}` reads.
@Suite("The shape an answer shows")
struct AnswerShapeGuessTests {
    static func answer(_ name: String) throws -> JSONValue {
        try JSONValue.parse(Fixtures.real("openapi-answers/" + name))
    }

    static let cases: [(answer: String, shape: String)] = [
        ("stackexchange_questions_votes_pagesize10_2018-10_orderquestions.json", "list items"),
        ("github_issues_per_page3_page1_octokit-fixtures.json", "list ."),
        ("spotify_search_artist_gatan_spotify-web-api-js.json", "list artists.items"),
        ("spotify_album_tracks_0sNOF9WDwhWunNAHPD3Baj_spotify-web-api-js.json", "list items"),
        ("wikipedia_feed_most-read_2016-11-06_apps-android-wikipedia.json", "list articles"),
        ("nws_gridpoints_stations_cursor_pynws.json", "list features"),
        ("pokeapi_ability_list_limit20_offset0_next_url_2019_poke-api-v2.json", "list results"),
        ("nyt_books_lists_overview_2018-04-01_yanwenwang.json", "list results.lists"),
        ("openai_assistants_list_cursor_2023-11-14_ruby-openai.json", "list data"),
        // One object: a record, even with a small array of objects among many fields (OpenWeather's `weather[]`).
        ("openweathermap_current_weather_london_2020_open-weather-ruby-client.json", "record ."),
        ("github_get_repository_hello-world_octokit-fixtures.json", "record ."),
        ("spotify_artist_abba_0LcJLqbBmaGUft1e9Mm8HV_spotify-web-api-js.json", "record ."),
        ("wikipedia_page_summary_moscow_apps-android-wikipedia.json", "record ."),
        ("nws_gridpoints_forecast_two_periods_2019-10-13_pynws.json", "record ."),
        // Open-Meteo: the first object of arrays with a `time` array.
        ("openmeteo_forecast_berlin_2023-11-13_open-meteo-ruby.json", "parallel minutely_15"),
    ]

    @Test("Each recorded answer's items, as the answer shows them", arguments: 0..<15)
    func recorded(_ index: Int) throws {
        let (name, expected) = Self.cases[index]
        let shape = try #require(AnswerShapeGuess.shape(of: Self.answer(name)))
        #expect("\(shape.kind.rawValue) \(shape)" == expected, "\(name)")
        #expect(shape.fits(try Self.answer(name)), "\(name): the guess reads the answer")
    }

    @Test("A record's main array: the one array of objects that holds most of it")
    func mainArray() throws {
        let forecast = try Self.answer("nws_gridpoints_forecast_two_periods_2019-10-13_pynws.json")
        #expect(RecordRendering.mainArray(of: forecast)?.path == "properties.periods")
        #expect(RecordRendering.mainArray(of: forecast)?.items.count == 2)
        let search = try Self.answer("spotify_search_artist_gatan_spotify-web-api-js.json")
        #expect(RecordRendering.mainArray(of: search)?.path == "artists.items")
        for record in ["openweathermap_current_weather_london_2020_open-weather-ruby-client.json",
                       "github_get_repository_hello-world_octokit-fixtures.json",
                       "spotify_artist_abba_0LcJLqbBmaGUft1e9Mm8HV_spotify-web-api-js.json"] {
            #expect(RecordRendering.mainArray(of: try Self.answer(record)) == nil, "\(record): its fields are the record")
        }
    }

    @Test("A scalar answer has no items; an empty list under a list name is a list")
    func edges() throws {
        #expect(AnswerShapeGuess.shape(of: .string("ok")) == nil)
        #expect(AnswerShapeGuess.shape(of: .int(3)) == nil)
        let empty = try JSONValue.parse(Data(#"{"items": [], "has_more": false, "quota_max": 300, "quota_remaining": 299}"#.utf8))
        #expect(AnswerShapeGuess.shape(of: empty) == .list(try #require(KeyPath("items"))))
    }

    @Test("A small object naming an error is never a record to learn; a record of fields is")
    func errors() throws {
        let error = try JSONValue.parse(Data(#"{"error_id": 502, "error_message": "throttle", "error_name": "throttle_violation"}"#.utf8))
        #expect(AnswerReading.looksLikeError(error))
        let fault = try JSONValue.parse(Data(#"{"fault": {"faultstring": "Invalid ApiKey"}}"#.utf8))
        #expect(AnswerReading.looksLikeError(fault))
        #expect(!AnswerReading.looksLikeError(try Self.answer("wikipedia_page_summary_moscow_apps-android-wikipedia.json")))
        #expect(!AnswerReading.looksLikeError(try Self.answer("openweathermap_current_weather_london_2020_open-weather-ruby-client.json")))
    }
}
