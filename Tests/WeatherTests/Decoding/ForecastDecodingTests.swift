import APICore
import Foundation
import Testing
@testable import Weather

@Suite("Decoding real OpenWeather answers")
struct ForecastDecodingTests {
    @Test("every forecast fixture decodes without warnings", arguments: WeatherFixtures.forecastNames)
    func everyForecastDecodes(name: String) throws {
        let (forecast, warnings) = try WeatherFixtures.forecast(name)
        #expect(!forecast.entries.isEmpty)
        #expect(warnings.isEmpty)
        #expect(forecast.city.name != nil)
    }

    @Test("every error fixture decodes as an error body with a string cod", arguments: WeatherFixtures.errorNames)
    func everyErrorBodyDecodes(name: String) throws {
        let body = try #require(OpenWeatherErrorBody.read(try WeatherFixtures.data(name)))
        #expect(body.code == "404" || body.code == "400")
        #expect(body.message?.isEmpty == false)
    }

    @Test("there are six forecasts and two error bodies to read")
    func fixtureInventory() {
        #expect(WeatherFixtures.forecastNames.count == 6)
        #expect(WeatherFixtures.errorNames.count == 2)
    }

    @Test("Strasbourg: 40 French steps, empty rain objects, no time zone")
    func strasbourg() throws {
        let (forecast, _) = try WeatherFixtures.forecast("weather-strasbourg-metric-fr-cnt40.json")
        #expect(forecast.entries.count == 40)
        #expect(forecast.city.name == "Strasbourg")
        #expect(forecast.city.country == "FR")
        #expect(forecast.city.population == 15000)
        #expect(forecast.city.timezoneOffset == nil)
        #expect(forecast.city.sunrise == nil)
        let first = try #require(forecast.entries.first)
        #expect(first.time == 1_538_427_600)
        #expect(first.timeText == "2018-10-01 21:00:00")
        #expect(first.temperature == .double(8.74))
        #expect(first.condition?.description == "légère pluie")
        #expect(first.condition?.icon == "10n")
        #expect(first.rain == .double(0.125))
        #expect(first.feelsLike == nil)
        #expect(first.precipitationProbability == nil)
        #expect(forecast.entries[1].condition?.description == "ciel dégagé")
        #expect(forecast.entries[1].rain == nil)  // "rain": {}
        #expect(forecast.entries.contains { $0.condition?.description == "peu nuageux" })
    }

    @Test("Rostov: Russian, modern fields, one step with rain.3h, odd whitespace")
    func rostov() throws {
        let (forecast, _) = try WeatherFixtures.forecast("weather-rostov-metric-ru-cnt8.json")
        #expect(forecast.entries.count == 8)
        #expect(forecast.city.name == "Ростов")
        #expect(forecast.city.timezoneOffset != nil)
        #expect(forecast.city.sunrise != nil && forecast.city.sunset != nil)
        let first = try #require(forecast.entries.first)
        #expect(first.condition?.description == "пасмурно")
        #expect(first.feelsLike == .double(9.73))
        #expect(first.pressure == .int(1017))
        #expect(first.seaLevel == .int(1017))  // a newline sits between the key and its value
        #expect(first.windGust == .double(5.44))
        #expect(first.visibility == .int(10000))
        #expect(first.precipitationProbability == .int(0))
        #expect(forecast.entries.filter { $0.rain != nil }.count == 1)
    }

    @Test("London 2013: the oldest shape, Kelvin, city before list")
    func london2013() throws {
        let query = WeatherQuery(city: "London", units: .standard)
        let (forecast, _) = try WeatherFixtures.forecast("weather-london-2013-standard-cnt1.json", query)
        #expect(forecast.units == .standard)
        #expect(forecast.city.id == 2_643_743)
        #expect(forecast.city.population == 1_000_000)
        #expect(forecast.city.latitude == .double(51.50853))
        #expect(forecast.entries.count == 1)
        #expect(forecast.entries.first?.temperature == .double(288.43))
        #expect(forecast.entries.first?.windDirection == .double(341.001))
        #expect(forecast.entries.first?.rain == nil)
    }

    @Test("Bethnal Green: cnt 25 but one step, rain 3h is an integer zero")
    func bethnalGreen() throws {
        let (forecast, _) = try WeatherFixtures.forecast("weather-bethnal-green-2014-standard-cnt25-one-item.json")
        #expect(forecast.entries.count == 1)
        #expect(forecast.city.population == 0)
        #expect(forecast.entries.first?.rain == .int(0))
        #expect(forecast.entries.first?.temperatureKf == .double(1.51))
    }

    @Test("Wroclaw: rain with a value, as {}, and absent")
    func wroclaw() throws {
        let (forecast, _) = try WeatherFixtures.forecast("weather-wroclaw-metric-cnt3.json")
        #expect(forecast.entries.map(\.rain) == [.double(3.312), nil, nil])
        #expect(forecast.city.timezoneOffset == 7200)
        #expect(forecast.city.population == 9999)
        #expect(forecast.city.sunrise == nil)
        #expect(forecast.entries.first?.windDirection == .double(330.725))
    }

    @Test("London 2019: no rain key anywhere, time zone present")
    func london2019() throws {
        let (forecast, _) = try WeatherFixtures.forecast("weather-london-2019-metric-cnt3.json")
        #expect(forecast.entries.count == 3)
        #expect(forecast.entries.allSatisfy { $0.rain == nil && $0.snow == nil })
        #expect(forecast.city.timezoneOffset == 3600)
        #expect(forecast.entries.last?.windSpeed == .double(7.4))
    }

    @Test("a step that cannot be read is skipped with a warning, the rest survive")
    func badStepIsSkipped() throws {
        let body = Data("""
            {"cod": 200, "message": "ok", "list": [
              {"dt": 1559466000, "main": {"temp": "21.5"}, "weather": [], "rain": []},
              {"main": {"temp": 3}},
              {"dt": "1559476800", "main": {"temp": 22}, "snow": {"3h": 1.25}}
            ], "city": {"name": "X", "timezone": "3600", "coord": null}}
            """.utf8)
        var warnings: [String] = []
        let forecast = try WeatherProvider().decode(body, for: WeatherQuery(city: "X"), warnings: &warnings)
        #expect(forecast.entries.map(\.time) == [1_559_466_000, 1_559_476_800])
        #expect(forecast.entries[0].temperature == .double(21.5))
        #expect(forecast.entries[0].condition == nil)
        #expect(forecast.entries[1].snow == .double(1.25))
        #expect(forecast.city.timezoneOffset == 3600)
        #expect(warnings == ["skipped forecast entry 2 for \"X\": missing list.1.dt"])
    }

    @Test("bodies that are not a forecast are a DecodeFailure, not a crash")
    func notAForecast() throws {
        for text in ["", "[]", "{\"cod\":\"200\"}", "{\"list\": [{\"main\": {}}]}", "<html>"] {
            var warnings: [String] = []
            #expect(throws: DecodeFailure.self) {
                try WeatherProvider().decode(Data(text.utf8), for: WeatherQuery(city: "X"), warnings: &warnings)
            }
        }
    }

    @Test("an error body served with 200 is read as the status it names")
    func errorBodyWithSuccessStatus() throws {
        var warnings: [String] = []
        let query = WeatherQuery(city: "Atlantis")
        let error = #expect(throws: ProviderFailure.self) {
            try WeatherProvider().decode(
                try WeatherFixtures.data("weather-error-404-city-not-found.json"), for: query, warnings: &warnings)
        }
        #expect(error == .notFound("city named \"Atlantis\""))
    }
}
