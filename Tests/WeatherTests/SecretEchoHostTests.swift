import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import Weather

/// Secrets an answer or the user's own settings put where they could leak: a key
/// an answer echoes back, and a password written into a base URL. In-process; the
/// store's files are read after the runs. (These were the binary's `SecretEchoEndToEndTests`.)
@Suite("Echoed keys and URL passwords, in-process")
struct SecretEchoHostTests {
    @Test("a key the answer echoes in headers and body is stored nowhere and printed nowhere")
    func echoedKey() async throws {
        let weather = try WeatherHost()
        let key = WeatherHost.key
        var body = weather.routes.body(WeatherRoutes.forecastFixture)
        // An answer that quotes the request back: the key in a header, the ETag and the JSON.
        let marker = Data(#""name":"Ростов""#.utf8)
        let range = try #require(body.range(of: marker))
        body.replaceSubrange(range, with: Data(#""name":"Ростов","echo":"appid=\#(key)""#.utf8))
        // The place is named by its id (one forecast request, no geocoding), so that the one
        // cached answer is the echoing one.
        weather.routes.answer(
            WeatherRoutes.json(body, headers: ["X-Echo-Query": "id=501183&appid=\(key)", "ETag": "\"\(key)\""])
        ) { $0.path == WeatherRoutes.forecastPath }

        let result = await weather.run(["weather", "--id", "501183", "--verbose"])
        #expect(result.code == .success, "\(result.stderr)")
        #expect(result.stdout.contains("Ростов"))
        #expect(weather.requests.last?.queryValue("appid") == key)
        #expect(!result.stdout.contains(key) && !result.stderr.contains(key))
        let cached = try weather.rows("SELECT headers, etag, body FROM apicli_http_cache")
        #expect(cached.count == 1)
        #expect(cached.first?["headers"].string?.contains("appid=***") == true, "\(cached.first?["headers"].string ?? "")")
        #expect(try weather.host.storeBytes().range(of: Data(key.utf8)) == nil, "the key is in the store's files")
        // The stored answer still reads back offline.
        let offline = await weather.run(["weather", "--id", "501183", "--offline"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(offline.stdout.contains("Ростов"))
    }

    @Test("a password in a base URL is shown as *** in traces and errors, and never stored")
    func passwordInBaseURL() async throws {
        let weather = try WeatherHost()
        let password = "pw-SECRET-77a1"
        let base = "http://user:\(password)@127.0.0.1:9"

        let traced = await weather.run(["weather", "--id", "501183", "--verbose"], setting: ["APICLI_WEATHER_BASE_URL": base])
        #expect(traced.code == .success, "\(traced.stderr)")
        #expect(traced.stderr.contains("http://user:***@127.0.0.1:9/data/2.5/forecast"), "\(traced.stderr)")
        #expect(weather.requests.last?.baseURL.absoluteString == base, "the password is sent")

        weather.routes.fail(with: HTTPResponse(status: 404, body: Data("{}".utf8)))
        let failed = await weather.run(["weather", "--id", "2988507", "-v"], setting: ["APICLI_WEATHER_BASE_URL": base])
        #expect(failed.code != .success)
        #expect(failed.errors.count == 1, "\(failed.stderr)")
        #expect(failed.stderr.contains("user:***@"), "\(failed.stderr)")

        let invalid = await weather.run(["weather", "Rostov"], setting: ["APICLI_WEATHER_BASE_URL": "ftp://user:\(password)@host"])
        #expect(invalid.code == .configuration)
        #expect(invalid.stderr == "apicli: error: APICLI_WEATHER_BASE_URL must be an http(s) URL, not 'ftp://user:***@host'\n")

        for result in [traced, failed, invalid] {
            #expect(!result.stdout.contains(password) && !result.stderr.contains(password))
        }
        #expect(try weather.host.storeBytes().range(of: Data(password.utf8)) == nil, "the password is in the store's files")
        #expect(try weather.host.count("apicli_http_cache") == 1)
    }
}
