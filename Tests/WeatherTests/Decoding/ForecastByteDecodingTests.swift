import APICore
import Foundation
import Testing
import TestSupport
@testable import Weather

/// The byte path (`ForecastBytes`) must give exactly the city and steps that
/// `JSONDecoder` (`ForecastPayload`) gives, or defer to it (nil): on every real
/// forecast, and on each with one step's field changed to another shape.
@Suite("Forecasts read from their bytes")
struct ForecastByteDecodingTests {
    /// What `JSONDecoder` reads: the city and the steps it keeps, or nil when it throws or skips one.
    static func reference(_ body: Data) -> (City, [ForecastEntry])? {
        guard let payload = try? JSONDecoder().decode(ForecastPayload.self, from: body), let list = payload.list,
            list.allSatisfy({ $0.value != nil })
        else { return nil }
        return (payload.city ?? City(), list.compactMap(\.value))
    }

    @Test("every real forecast is read from its bytes as JSONDecoder reads it", arguments: WeatherFixtures.forecastNames)
    func realForecast(name: String) throws {
        let body = try WeatherFixtures.data(name)
        let fast = try #require(ForecastBytes.read(body), "the byte path deferred on \(name)")
        let reference = try #require(Self.reference(body))
        #expect(fast.city == reference.0)
        #expect(fast.entries == reference.1)
    }

    static let shapes = [
        "null", "12", "-3", "12.5", "12.0", "1e2", "\"12\"", "{}", "[]", "true", "{\"3h\":0.25}", "{\"3h\":1}",
        "{\"all\":40}", "[{\"id\":800,\"main\":\"Clear\"}]", "[{\"id\":\"800\"}]", "[]", "[1]", "\"text\"",
        "{\"speed\":1.5,\"deg\":200}", "{\"temp\":\"1\"}", "{\"temp\":4.5,\"temp\":5.5}",
    ]

    /// A step of the real London 2013 answer, field by field as sent.
    static let step: KeyValuePairs<String, String> = [
        "dt": "1378890000", "main": #"{"temp": 288.43,"temp_min": 286.968,"humidity": 75,"temp_kf": 1.46}"#,
        "weather": #"[{"id": 804,"main": "Clouds","description": "overcast clouds","icon": "04d"}]"#,
        "clouds": #"{"all": 92}"#, "wind": #"{"speed": 4.26,"deg": 341.001}"#, "sys": #"{"pod": "d"}"#,
        "dt_txt": #""2013-09-11 09:00:00""#, "rain": #"{"3h": 0.3}"#, "visibility": "10000", "pop": "0.2",
    ]

    @Test("every shape of every step field gives the reference or defers")
    func mutatedSteps() throws {
        var readFast = 0
        var checked = 0
        for field in Self.step.map(\.key) + ["snow"] {
            for shape in Self.shapes {
                var members = Self.step.filter { $0.key != field }.map { "\"\($0.key)\": \($0.value)" }
                members.insert("\"\(field)\": \(shape)", at: 0)
                let step = "{" + members.joined(separator: ",") + "}"
                let body = Data((#"{"cod": "200","message": 0.01,"city": {"id": 2643743,"name": "London","#
                    + #""coord": {"lon": -0.12574,"lat": 51.50853},"country": "GB"},"list": ["# + step + "," + step + "]}").utf8)
                checked += 1
                guard let fast = ForecastBytes.read(body) else { continue }
                readFast += 1
                let reference = Self.reference(body)
                #expect(reference?.0 == fast.city, "\(field): \(shape)")
                #expect(reference?.1 == fast.entries, "\(field): \(shape)")
            }
        }
        #expect(readFast > checked / 5, "the byte path read \(readFast) of \(checked)")
    }

    /// Numbers of every length around the short path's 15 digits, with and without a
    /// sign and a fraction: each read as `JSONDecoder` reads it (to the bit), or deferred.
    @Test("numbers short and long are read as JSONDecoder reads them")
    func numbers() throws {
        let seed = try FuzzSeed.draw(for: "ForecastByteDecodingTests/numbers")
        var generator = seed.generator()
        var texts = ["0", "-0", "0.5", "-0.5", "0.000000000000001", "123456789012345", "1234567890123456",
                     "99999999999999.9", "0.1", "0.2", "0.3", "-273.15", "1013.25", "12.0", "-0.0", "1.5e3", "1E2"]
        // Every number that was ever read otherwise than JSONDecoder reads it.
        texts += try FuzzCorpus.cases("forecast-decimals.json", as: CorpusDecimal.self).map(\.text)
        for _ in 0..<2_000 {
            let digits = Int.random(in: 1...18, using: &generator)
            var text = String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<digits { text += String(Int.random(in: 0...9, using: &generator)) }
            let point = Int.random(in: 0...digits, using: &generator)
            if point > 0, point < digits {
                text.insert(".", at: text.index(text.startIndex, offsetBy: point))
            } else if point == digits {
                text = "0." + text
            }
            texts.append(Bool.random(using: &generator) ? "-" + text : text)
        }
        var readFast = 0
        for text in texts {
            let body = Data((#"{"list": [{"dt": 1, "main": {"temp": "# + text + "}}]}").utf8)
            guard let fast = ForecastBytes.read(body) else { continue }
            readFast += 1
            let reference = try #require(Self.reference(body), "\(text); \(seed)")
            let value = fast.entries.first?.temperature
            #expect(value == reference.1.first?.temperature, "\(text); \(seed)")
            if case let .double(read)? = value, case let .double(expected)? = reference.1.first?.temperature {
                #expect(read.bitPattern == expected.bitPattern, "\(text); \(seed)")
            }
        }
        #expect(readFast > texts.count / 2, "read \(readFast) of \(texts.count); \(seed)")
    }

    /// A number's text that was once read otherwise than `JSONDecoder` reads it.
    struct CorpusDecimal: Decodable {
        var text: String
        var found: String
    }
}
