import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// NYT allows 5 requests a minute, and the allowance is kept in the store,
    /// so it holds across processes: of 20 `apicli nyt` started at once, 5 are
    /// sent and the other 15 would wait about a minute.
    ///
    /// The test does not wait that minute: with `APICLI_TIMEOUT=20` a wait of
    /// ~60 s would pass each request's deadline, so the 15 fail at once with
    /// exit 75 and say when to retry. The limit itself is not made
    /// configurable for the test: the declared 5 a minute is what is checked.
    @Suite("20 processes share NYT's 5 a minute")
    struct ProcessRateLimitTests {
        static let processes = 20
        static let limit = 5
        static let timeoutSeconds = 20

        @Test("5 requests reach the server; the other 15 exit 75 and say when to retry")
        func twentyProcessesSendFive() async throws {
            let articles = try Fixtures.real("nyt/nyt-2017-03-wordcount-int-printpage-int.json")
            let server = try LoopbackServer(routes: ["/svc/search/v2/articlesearch.json": [.json(articles)]])
            defer { server.stop() }
            let home = try TemporaryDirectory(prefix: "apicli-rate")
            let environment = Self.environment(server: server, home: home)

            let started = ContinuousClock.now
            // Different words, so that neither the cache nor a stored answer serves any of them.
            let results = try await withThrowingTaskGroup(of: (String, ProcessRunner.Result).self) { group in
                for index in 0..<Self.processes {
                    let word = "ratelimitprobe\(index)"
                    group.addTask {
                        (word, try await ProcessRunner.apicli(["nyt", word], environment: environment, timeout: .seconds(60)))
                    }
                }
                return try await group.reduce(into: [(String, ProcessRunner.Result)]()) { $0.append($1) }
            }
            let elapsed = ContinuousClock.now - started

            let requests = server.requests(to: "/svc/search/v2/articlesearch.json")
            #expect(requests.count == Self.limit, "\(requests.count) requests reached the server")
            #expect(Self.mostInAnyMinute(requests.map(\.arrival)) <= Self.limit)

            let sent = results.filter { $0.1.exitCode == 0 }
            let refused = results.filter { $0.1.exitCode == 75 }
            #expect(sent.count == Self.limit)
            #expect(refused.count == Self.processes - Self.limit)
            #expect(Set(requests.compactMap { $0.query("q") }) == Set(sent.map(\.0)), "the requests sent are not the 5 that succeeded")
            for (word, result) in results {
                let stderr = result.stderrText
                #expect(!result.timedOut, "\(word) hung")
                #expect(!stderr.lowercased().contains("locked") && !stderr.lowercased().contains("busy"), "\(word): \(stderr)")
                #expect(result.exitCode == 0 || result.exitCode == 75, "\(word) exited \(result.exitCode): \(stderr)")
            }
            for (word, result) in refused {
                let stderr = result.stderrText
                #expect(stderr.contains("NYT rate limit reached"), "\(word): \(stderr)")
                // "retry in 58 s": when, from now, the oldest of the 5 leaves the minute.
                let wait = Self.retryWait(in: stderr)
                #expect(wait.map { (1...60).contains($0) } == true, "\(word) does not say when to retry: \(stderr)")
                #expect(!stderr.contains("rate-limit-test-key"), "the key leaked: \(stderr)")
            }
            // Refused at once, not after waiting for the deadline.
            #expect(elapsed < .seconds(Self.timeoutSeconds), "took \(elapsed)")
            print("rate limit: \(Self.processes) processes, \(requests.count) requests sent, \(refused.count) refused with exit 75, in \(elapsed)")
        }

        static func environment(server: LoopbackServer, home: TemporaryDirectory) -> [String: String] {
            [
                "NYT_API_KEY": "rate-limit-test-key",
                "APICLI_NYT_BASE_URL": server.baseURL.absoluteString,
                "APICLI_DB": home.path("apicli.sqlite3"),
                "APICLI_TIMEOUT": String(timeoutSeconds),
                // NYT's 12 s spacing is its own test (PacingEndToEndTests); this one is about the window.
                "APICLI_NYT_SPACING": "0",
                "HOME": home.path(),
                "XDG_CONFIG_HOME": home.path("config"),
                "XDG_DATA_HOME": home.path("data"),
            ]
        }

        /// The largest number of `times` inside any 60 s window.
        static func mostInAnyMinute(_ times: [Date]) -> Int {
            let sorted = times.sorted()
            return sorted.indices.map { start in
                sorted[start...].prefix { $0.timeIntervalSince(sorted[start]) < 60 }.count
            }.max() ?? 0
        }

        /// `n` from "… retry in n s".
        static func retryWait(in text: String) -> Int? {
            guard let range = text.range(of: "retry in ") else { return nil }
            return Int(text[range.upperBound...].prefix { $0.isNumber })
        }
    }
}
