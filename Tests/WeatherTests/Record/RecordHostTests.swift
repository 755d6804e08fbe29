import APIHost
import APIHTTP
import Foundation
import Synchronization
import Testing
import TestSupport

@testable import Weather

/// `--past` and `--verify` through the host, in-process: recorded forecast and current
/// answers fetched at set times (the run's clock), with values edited between fetches, then
/// read back from the store alone. The expected errors are worked out here from the
/// recorded values, not read back from the code.
@Suite("Weather record and verification, in-process")
struct RecordHostTests {
    static let forecastFixture = "forecast/forecast_hemel_hempstead_latlon_2022_aahill1.json"
    static let currentFixture = "current/current-london-2024-standard-baranbarandev.json"
    static let place = "51.75,-0.47"

    /// The recorded forecast's first three steps: their times, temperatures (K) and chances.
    struct Step { var time: Int; var temp: Double; var pop: Double }

    /// A host whose forecast and current answers are whatever `bodies` holds when asked.
    final class Answers: Sendable {
        let forecast: Mutex<Data>
        let current = Mutex(Data())
        init(forecast: Data) { self.forecast = Mutex(forecast) }
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The recorded current answer, observed at `time` with `temp` (K) and `rain` mm in the hour before.
    static func observation(at time: Int, temp: Double, rain: Double?) throws -> Data {
        var object = try Self.object(try TestSupport.Fixtures.real(currentFixture))
        object["dt"] = time
        var main = try #require(object["main"] as? [String: Any])
        main["temp"] = temp
        object["main"] = main
        if let rain { object["rain"] = ["1h": rain] }
        return try JSONSerialization.data(withJSONObject: object)
    }

    static func at(_ time: Int) -> (inout HostEnvironment) -> Void {
        { $0.time = TimeSource(now: { Date(timeIntervalSince1970: TimeInterval(time)) }, sleep: { _ in }) }
    }

    static func fetch(_ weather: WeatherHost, _ words: [String], at time: Int) async throws {
        let run = await weather.host.run(["weather", place, "--units", "standard", "--refresh", "--json"] + words, changing: at(time))
        #expect(run.code == .success, "\(run.stderr)")
    }

    /// The forecast fetched 2 h and 1 h before its first step (the second with step 1 revised),
    /// then twice more with revisions that forecast nothing observed (made after the step's
    /// time, or after the observation); and four observations: one 2 h 10 min before step 0
    /// (no step near it), one 10 min after step 0 (rain), one 80 min before step 1, one 30 min
    /// after step 2.
    static func recorded() async throws -> (WeatherHost, [Step]) {
        let recorded = try TestSupport.Fixtures.real(forecastFixture)
        let list = try #require(try Self.object(recorded)["list"] as? [[String: Any]])
        let steps = try list.prefix(3).map { entry in
            let main = try #require(entry["main"] as? [String: Any])
            return Step(
                time: try #require(entry["dt"] as? Int), temp: try #require((main["temp"] as? NSNumber)?.doubleValue),
                pop: try #require((entry["pop"] as? NSNumber)?.doubleValue))
        }
        let answers = Answers(forecast: recorded)
        let weather = try WeatherHost()
        let reverse = weather.routes.body(WeatherRoutes.reverseFixture)
        weather.routes.fail { request in
            switch request.path {
            case WeatherRoutes.reversePath: return WeatherRoutes.json(reverse)
            case WeatherRoutes.forecastPath: return WeatherRoutes.json(answers.forecast.withLock { $0 })
            case WeatherRoutes.currentPath: return WeatherRoutes.json(answers.current.withLock { $0 })
            default: return HTTPResponse(status: 404, body: Data("no route".utf8))
            }
        }
        let s0 = steps[0].time
        answers.current.withLock { $0 = (try? observation(at: s0 - 7_800, temp: 280, rain: nil)) ?? Data() }
        try await fetch(weather, ["--now"], at: s0 - 7_500)
        try await fetch(weather, ["--steps"], at: s0 - 7_200)
        var revised = try Self.object(recorded)
        var entries = try #require(revised["list"] as? [[String: Any]])
        var main = try #require(entries[1]["main"] as? [String: Any])
        main["temp"] = steps[1].temp - 1
        entries[1]["main"] = main
        entries[1]["pop"] = 0.3
        revised["list"] = entries
        let revisedBody = try JSONSerialization.data(withJSONObject: revised)
        answers.forecast.withLock { $0 = revisedBody }
        try await fetch(weather, ["--steps"], at: s0 - 3_600)
        // Revised again 5 min after step 0 began: a version of step 0 made after its time, no forecast of it.
        answers.forecast.withLock { $0 = (try? revising(revisedBody, step: 0, temp: steps[0].temp + 5)) ?? Data() }
        try await fetch(weather, ["--steps"], at: s0 + 300)
        try await observe(weather, answers, at: s0 + 600, temp: steps[0].temp + 0.5, rain: 0.4, fetched: s0 + 900)
        try await observe(weather, answers, at: steps[1].time - 4_800, temp: steps[1].temp - 0.5, rain: nil, fetched: steps[1].time - 4_500)
        // Revised 50 min before step 1, after it was observed: no forecast of that observation.
        answers.forecast.withLock { $0 = (try? revising(revisedBody, step: 1, temp: steps[1].temp + 3)) ?? Data() }
        try await fetch(weather, ["--steps"], at: steps[1].time - 3_000)
        try await observe(weather, answers, at: steps[2].time + 1_800, temp: steps[2].temp - 1, rain: nil, fetched: steps[2].time + 2_100)
        return (weather, steps)
    }

    /// `body` with step `step`'s temperature set to `temp`.
    static func revising(_ body: Data, step: Int, temp: Double) throws -> Data {
        var object = try Self.object(body)
        var entries = try #require(object["list"] as? [[String: Any]])
        var main = try #require(entries[step]["main"] as? [String: Any])
        main["temp"] = temp
        entries[step]["main"] = main
        object["list"] = entries
        return try JSONSerialization.data(withJSONObject: object)
    }

    static func observe(_ weather: WeatherHost, _ answers: Answers, at time: Int, temp: Double, rain: Double?, fetched: Int) async throws {
        let body = try observation(at: time, temp: temp, rain: rain)
        answers.current.withLock { $0 = body }
        try await fetch(weather, ["--now"], at: fetched)
    }

    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    @Test("--verify: each observation with the forecasts made before it for its nearest step, by how far ahead")
    func verify() async throws {
        let (weather, steps) = try await Self.recorded()
        let requests = weather.requests.count
        let later = steps[2].time + 3_600
        let run = await weather.host.run(["weather", Self.place, "--verify", "--units", "standard", "--json"], changing: Self.at(later))
        #expect(run.code == .success, "\(run.stderr)")
        #expect(weather.requests.count == requests, "nothing is sent")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]).first
        #expect(Self.number(object?["observations"]) == 4)
        let leads = try #require(object?["leads"] as? [[String: Any]])
        #expect(leads.map { Self.number($0["ahead_hours"]) } == [3, 6, 12])
        // Up to 3 h: step 0 as forecast 2 h before it, against 10 min after it, 0.5 K warmer, wet (pop ≥ 0.5, rain fell).
        let error0 = steps[0].temp - (steps[0].temp + 0.5)
        // 3 to 6 h: step 1 as forecast 5 h (first fetch) and 4 h (revised: 1 K colder, pop 0.3) before it,
        // against 80 min before it, 0.5 K colder, dry.
        let observed1 = steps[1].temp - 0.5
        let errors1 = [steps[1].temp - observed1, (steps[1].temp - 1) - observed1]
        let agreed1 = [steps[1].pop >= 0.5 ? 0 : 1, 1].reduce(0, +)
        // 6 to 12 h: step 2 as forecast 8 h before it, against 30 min after it, 1 K colder.
        let error2 = steps[2].temp - (steps[2].temp - 1)
        let expected: [(pairs: Double, error: Double, absolute: Double, rainPairs: Double, hit: Double)] = [
            (1, error0, abs(error0), 1, steps[0].pop >= 0.5 ? 1 : 0),
            (2, errors1.reduce(0, +) / 2, errors1.map(abs).reduce(0, +) / 2, 2, Double(agreed1) / 2),
            (1, error2, abs(error2), 1, steps[2].pop >= 0.5 ? 0 : 1),
        ]
        for (lead, want) in zip(leads, expected) {
            #expect(Self.number(lead["pairs"]) == want.pairs, "\(lead)")
            #expect(abs((Self.number(lead["temp_error"]) ?? .nan) - want.error) < 0.006, "\(lead)")
            #expect(abs((Self.number(lead["temp_abs_error"]) ?? .nan) - want.absolute) < 0.006, "\(lead)")
            #expect(Self.number(lead["rain_pairs"]) == want.rainPairs, "\(lead)")
            #expect(abs((Self.number(lead["rain_hit_rate"]) ?? .nan) - want.hit) < 0.006, "\(lead)")
        }
        #expect(Self.number(leads[0]["rain_both"]) == 1)

        // The other formats carry the same groups.
        let csv = await weather.host.run(["weather", Self.place, "--verify", "--units", "standard", "--format", "csv"], changing: Self.at(later))
        let rows = csv.stdout.components(separatedBy: "\r\n").dropLast()
        #expect(rows.count == 4, "\(csv.stdout)")
        #expect(rows.first?.hasPrefix("query,place_name,from,to,observations,ahead_hours,") == true)
        let ndjson = await weather.host.run(
            ["weather", Self.place, "--verify", "--units", "standard", "--format", "ndjson", "--fields", "ahead_hours,pairs"],
            changing: Self.at(later))
        #expect(ndjson.stdout == "{\"ahead_hours\":3,\"pairs\":1}\n{\"ahead_hours\":6,\"pairs\":2}\n{\"ahead_hours\":12,\"pairs\":1}\n")
        let table = await weather.host.run(["weather", Self.place, "--verify", "--units", "standard"], changing: Self.at(later))
        #expect(table.stdout.contains("up to 3 h"), "\(table.stdout)")
        #expect(table.stdout.contains("3 to 6 h"))

        // Bounded by --past: only the last observation (30 min after step 2) is within the last 2 h.
        let bounded = await weather.host.run(
            ["weather", Self.place, "--verify", "--past", "2h", "--units", "standard", "--format", "ndjson", "--fields", "ahead_hours,pairs"],
            changing: Self.at(later))
        #expect(bounded.stdout == "{\"ahead_hours\":12,\"pairs\":1}\n", "\(bounded.stdout)\(bounded.stderr)")
        // In Celsius the errors are the same sizes.
        let metric = await weather.host.run(["weather", Self.place, "--verify", "--json"], changing: Self.at(later))
        let metricLeads = try #require(
            (try JSONSerialization.jsonObject(with: Data(metric.stdout.utf8)) as? [[String: Any]])?.first?["leads"] as? [[String: Any]])
        #expect(abs((Self.number(metricLeads[2]["temp_error"]) ?? .nan) - error2) < 0.02, "\(metricLeads)")
    }

    @Test("--past: the observations over the period, oldest first, in every format and units; none is exit 69")
    func past() async throws {
        let (weather, steps) = try await Self.recorded()
        let requests = weather.requests.count
        let later = steps[2].time + 3_600
        let json = await weather.host.run(["weather", Self.place, "--past", "10h", "--units", "standard", "--json"], changing: Self.at(later))
        #expect(json.code == .success, "\(json.stderr)")
        #expect(json.stderr.isEmpty, "no notice of age: \(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]).first
        let observations = try #require(object?["observations"] as? [[String: Any]])
        #expect(observations.map { Self.number($0["temp"]) } == [280, steps[0].temp + 0.5, steps[1].temp - 0.5, steps[2].temp - 1])
        #expect(observations.map { Self.number($0["rain_1h"]) } == [nil, 0.4, nil, nil])
        #expect(object?["to"] as? String == Timestamp.format(unix: Int64(later)))
        // The last 2 hours hold the last observation only; in Celsius, converted.
        let metric = await weather.host.run(
            ["weather", Self.place, "--past", "2h", "--format", "ndjson", "--fields", "temp,local_time"], changing: Self.at(later))
        let celsius = ((steps[2].temp - 1 - 273.15) * 100).rounded() / 100
        let localTime = LocalTime(unix: Int64(steps[2].time + 1_800), offset: 0).iso8601
        #expect(metric.stdout == "{\"temp\":\(celsius),\"local_time\":\"\(localTime)\"}\n", "\(metric.stdout)")
        let csv = await weather.host.run(["weather", Self.place, "--past", "1w", "--format", "csv"], changing: Self.at(later))
        #expect(csv.stdout.components(separatedBy: "\r\n").dropLast().count == 5, "\(csv.stdout)")
        let line = await weather.host.run(["weather", Self.place, "--past", "2h", "--format", "line"], changing: Self.at(later))
        #expect(line.stdout.hasPrefix("London, GB "), "\(line.stdout)")
        let table = await weather.host.run(["weather", Self.place, "--past", "10h"], changing: Self.at(later))
        #expect(table.stdout.contains("past 10h · 4 observations"), "\(table.stdout)")
        #expect(table.stdout.contains("temp "), "the chart: \(table.stdout)")
        #expect(weather.requests.count == requests, "nothing is sent")

        // A day later, nothing was observed in the past hour: one line, exit 69.
        let none = await weather.host.run(["weather", Self.place, "--past", "1h"], changing: Self.at(later + 86_400))
        #expect(none.code == .unavailable)
        #expect(none.isOneErrorLine, "\(none.stderr)")
        #expect(none.stderr.contains("nothing observed at \(Self.place) in the past 1h"))
        let bad = await weather.host.run(["weather", Self.place, "--past", "7x"], changing: Self.at(later))
        #expect(bad.code == .usage)
        let air = await weather.host.run(["weather", Self.place, "--past", "7d", "--air"], changing: Self.at(later))
        #expect(air.code == .usage)
    }

    @Test("--past needs no key: nothing is sent")
    func noKey() async throws {
        let (weather, steps) = try await Self.recorded()
        let run = await weather.host.run(["weather", Self.place, "--past", "10h"]) { environment in
            Self.at(steps[2].time + 3_600)(&environment)
            environment.variables["OPENWEATHER_API_KEY"] = nil
        }
        #expect(run.code == .success, "\(run.stderr)")
    }
}
