import APICore
import APIStore
import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// Eight `apicli` processes at once on one store for several seconds, each
    /// alternating a weather fetch (a write: forecast, cache entry, rate-limit
    /// event, fetch log) with an offline NYT search (a read), while four of them
    /// also refresh a 2,000-article NYT answer (long write transactions that the
    /// others must wait for): nobody sees "database is locked", everybody exits
    /// 0, and every forecast and article is kept.
    @Suite("8 processes read and write one store")
    struct ProcessConcurrencyTests {
        static let workers = 8
        /// 8 × 3 = 24 places, each a geocoding lookup and a forecast (two writes):
        /// 48 requests, inside OpenWeather's 60 a minute, so no process waits on
        /// the rate limit and the test stays about writes.
        static let rounds = 3
        /// After their writes, workers keep searching until this long after the start.
        static let minimumDuration = Duration.seconds(5)
        static let seedWords = ["concurrency", "seed"]
        static let seedSize = 2_000
        /// Workers 0..<4 refresh the seeded answer once: with the seed, NYT's 5 a minute.
        static let refreshingWorkers = 4
        /// The seeded query's stored answer, then full-text searches over its articles.
        static let searches = [seedWords, ["grandson"], ["fatal", "shooting"], ["drones"]]

        @Test("no lock error, every process exits 0, no forecast lost")
        func readersAndWritersShareOneStore() async throws {
            let forecast = try Fixtures.real("weather/weather-strasbourg-metric-fr-cnt40.json")
            let articles = try Self.largeAnswer(
                from: Fixtures.real("nyt/nyt-2016-11-compact-escaped-slashes.json"), count: Self.seedSize)
            let place = try Fixtures.real("geo/direct_hemel_hempstead_aahill1.json")
            let server = try LoopbackServer(routes: [
                "/geo/1.0/direct": [.json(place)],
                "/data/2.5/forecast": [.json(forecast)],
                "/svc/search/v2/articlesearch.json": [.json(articles)],
            ])
            defer { server.stop() }
            let home = try TemporaryDirectory(prefix: "apicli-concurrency")
            let database = home.path("apicli.sqlite3")
            let environment = Self.environment(server: server, home: home, database: database)

            let seed = try await ProcessRunner.apicli(["nyt"] + Self.seedWords, environment: environment)
            try #require(seed.exitCode == 0, "seeding the store failed: \(seed.stderrText)")
            try #require(try Self.storedArticleCount(database: database) == Self.seedSize)

            let started = ContinuousClock.now
            let runs = try await withThrowingTaskGroup(of: [FinishedRun].self) { group in
                for worker in 0..<Self.workers {
                    group.addTask {
                        try await Self.work(worker: worker, environment: environment, until: started + Self.minimumDuration)
                    }
                }
                return try await group.reduce(into: [FinishedRun]()) { $0 += $1 }
            }
            let elapsed = ContinuousClock.now - started

            let cities = (0..<Self.workers).flatMap { worker in (0..<Self.rounds).map { Self.city(worker, $0) } }
            #expect(runs.filter { !$0.isRead }.count == cities.count + Self.refreshingWorkers)
            for run in runs {
                let stderr = run.result.stderrText
                #expect(!run.result.timedOut, "\(run.label) timed out")
                #expect(run.result.exitCode == 0, "\(run.label) exited \(run.result.exitCode): \(stderr)")
                #expect(!stderr.lowercased().contains("locked"), "\(run.label): \(stderr)")
                #expect(!stderr.lowercased().contains("busy"), "\(run.label): \(stderr)")
            }
            for run in runs where run.isRead {
                #expect(!run.result.stdout.isEmpty, "\(run.label) printed nothing")
            }

            // No row lost: every city fetched has its whole forecast stored.
            let entries = try Self.storedForecasts(database: database)
            let expected = try Self.entryCount(forecast)
            #expect(Set(entries.keys) == Set(cities), "missing: \(Set(cities).subtracting(entries.keys).sorted())")
            for (city, count) in entries where count != expected {
                Issue.record("\(city): \(count) forecast entries stored, expected \(expected)")
            }
            #expect(Set(server.requests(to: "/geo/1.0/direct").compactMap { $0.query("q") }) == Set(cities))
            #expect(server.requests(to: "/data/2.5/forecast").count == cities.count)
            #expect(try Self.storedArticleCount(database: database) == Self.seedSize, "NYT articles lost")
            #expect(server.requests(to: "/svc/search/v2/articlesearch.json").count == 1 + Self.refreshingWorkers)
            let reads = runs.filter(\.isRead).count
            print("concurrency: \(Self.workers) processes at a time, \(runs.count - reads) writes and \(reads) reads in \(elapsed)")
        }

        /// One worker: `rounds` times, fetch its next city, then search offline;
        /// then only search until `deadline` (100 rounds at most).
        private static func work(
            worker: Int, environment: [String: String], until deadline: ContinuousClock.Instant
        ) async throws -> [FinishedRun] {
            var runs: [FinishedRun] = []
            var round = 0
            while round < rounds || (ContinuousClock.now < deadline && round < 100) {
                defer { round += 1 }
                if round < rounds {
                    let city = city(worker, round)
                    let fetch = try await ProcessRunner.apicli(
                        ["weather", city, "--refresh"], environment: environment, timeout: .seconds(60))
                    runs.append(FinishedRun(label: "apicli weather \(city)", isRead: false, result: fetch))
                }
                if round == 2, worker < refreshingWorkers {
                    let refresh = try await ProcessRunner.apicli(
                        ["nyt"] + seedWords + ["--refresh"], environment: environment, timeout: .seconds(60))
                    runs.append(FinishedRun(label: "apicli nyt --refresh", isRead: false, result: refresh))
                }
                let words = searches[(worker + round) % searches.count]
                let search = try await ProcessRunner.apicli(
                    ["nyt"] + words + ["--offline"], environment: environment, timeout: .seconds(60))
                runs.append(FinishedRun(label: "apicli nyt \(words.joined(separator: " ")) --offline", isRead: true, result: search))
            }
            return runs
        }

        static func city(_ worker: Int, _ round: Int) -> String {
            "Town \(worker)-\(round)"
        }

        static func environment(server: LoopbackServer, home: TemporaryDirectory, database: String) -> [String: String] {
            [
                "NYT_API_KEY": "concurrency-nyt-key",
                "OPENWEATHER_API_KEY": "concurrency-weather-key",
                "APICLI_NYT_BASE_URL": server.baseURL.absoluteString,
                "APICLI_WEATHER_BASE_URL": server.baseURL.absoluteString,
                "APICLI_DB": database,
                "APICLI_TIMEOUT": "30",
                // NYT's 12 s spacing is its own test (PacingEndToEndTests); this one is about the window.
                "APICLI_NYT_SPACING": "0",
                "HOME": home.path(),
                "XDG_CONFIG_HOME": home.path("config"),
                "XDG_DATA_HOME": home.path("data"),
            ]
        }

        /// Entries stored per requested city.
        static func storedForecasts(database: String) throws -> [String: Int] {
            let store = try Store(path: database)
            let rows = try store.read { tx in
                try tx.query(
                    """
                    SELECT f.requested, (SELECT COUNT(*) FROM weather_entries e
                        WHERE e.city_key = f.city_key AND e.units = f.units AND e.lang = f.lang)
                    FROM weather_forecasts f
                    """
                ).map { ($0[0].string ?? "", $0[1].int ?? 0) }
            }
            return Dictionary(rows, uniquingKeysWith: +)
        }

        /// How many articles answer the seeded query.
        static func storedArticleCount(database: String) throws -> Int {
            let store = try Store(path: database)
            return try store.read { tx in
                try tx.queryOne(
                    """
                    SELECT COUNT(*) FROM nyt_query_results r JOIN nyt_articles a ON a.id = r.article_id
                    JOIN nyt_queries q ON q.key = r.query_key WHERE q.q = ?
                    """, [.text(seedWords.joined(separator: " "))])?[0].int ?? 0
            }
        }

        /// A real NYT answer grown to `count` docs, its docs repeated with fresh ids.
        static func largeAnswer(from fixture: Data, count: Int) throws -> Data {
            var answer = try #require(try JSONSerialization.jsonObject(with: fixture) as? [String: Any])
            var response = try #require(answer["response"] as? [String: Any])
            let templates = try #require(response["docs"] as? [[String: Any]])
            try #require(!templates.isEmpty)
            response["docs"] = (0..<count).map { index -> [String: Any] in
                var doc = templates[index % templates.count]
                doc["_id"] = "nyt://article/concurrency-\(index)"
                doc["web_url"] = "https://www.nytimes.com/concurrency/\(index).html"
                return doc
            }
            response["meta"] = ["hits": count, "offset": 0, "time": 9]
            answer["response"] = response
            return try JSONSerialization.data(withJSONObject: answer)
        }

        /// The number of `list` items in a forecast body.
        static func entryCount(_ body: Data) throws -> Int {
            let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
            return try #require((object?["list"] as? [Any])?.count)
        }
    }
}

/// One finished `apicli` process of the concurrency test.
private struct FinishedRun: Sendable {
    var label: String
    var isRead: Bool
    var result: ProcessRunner.Result
}
