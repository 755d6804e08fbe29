import APIHost
import Foundation
import Synchronization
import Testing
import TestSupport

extension ProcessTests {
    /// `kill -9` at random moments while `apicli nyt … --refresh` replaces a
    /// stored answer: the store must stay intact, and the answer must be the
    /// complete old set or the complete new one. Both paths a page takes are
    /// killed: an answer within the MiB a page holds whole (read whole, stored
    /// with its answer in one write), and one past it (stored as it streams).
    ///
    /// Two sets, A and B, of the same size (the real fixture docs with fresh
    /// ids) take turns: each run is served the set that is *not* stored, so
    /// "old" and "new" are told apart on every run without a restoring fetch.
    /// `APICLI_KILL_LOOP_ITERATIONS` (default 50) sets the number of kills per
    /// path, `APICLI_KILL_LOOP_SEED` the random seed; `Scripts/kill-loop` runs
    /// the same test 500 times.
    @Suite("kill -9 during a write")
    struct ProcessKillTests {
        static let words = "kill loop basketball"

        @Test("after every kill: integrity ok, the stored answer is the whole old or the whole new set",
              arguments: [KillAnswer.whole, .streamed])
        func killLoop(_ answer: KillAnswer) async throws {
            let iterations = Self.setting("APICLI_KILL_LOOP_ITERATIONS", default: 50)
            let seed = UInt64(Self.setting("APICLI_KILL_LOOP_SEED", default: Int(UInt32.random(in: 1...UInt32.max))))
            var random = SeededRandom(seed: seed)
            let sets = [try ArticleSet.make(tag: "a", count: answer.articles),
                        try ArticleSet.make(tag: "b", count: answer.articles)]
            for set in sets {
                // Which side of the MiB a page holds whole the body lies on decides the path killed.
                try #require((set.body.count > KillAnswer.heldWhole) == answer.streams,
                    "\(answer): a body of \(set.body.count) B does not take the path meant")
            }
            let serving = ServedSet(sets[0])
            let server = try LoopbackServer(maxLifetime: .seconds(3_600)) { request in
                request.path == "/svc/search/v2/articlesearch.json" ? .json(serving.body) : .status(404)
            }
            defer { server.stop() }
            let home = try TemporaryDirectory(prefix: "apicli-kill")
            let database = home.path("apicli.sqlite3")
            let environment = Self.environment(server: server, home: home, database: database)

            let timings = try await Self.unkilledRuns(
                of: sets, answer: answer, serving: serving, server: server, environment: environment)
            // The first run also created the store; the warm ones tell the usual timing.
            var window = KillWindow(measured: Array(timings.dropFirst()))

            var stored = 0, counts = KillCounts()
            var failures: [String] = []
            for iteration in 0..<iterations {
                if iteration > 0, iteration % 10 == 0 { window.adapt(to: counts) }
                let fresh = 1 - stored
                serving.set(sets[fresh])
                let requestsBefore = server.requests.count
                let delay = window.delay(random.unit(), random.unit())
                let started = Date()
                let result = try await ProcessRunner.apicli(
                    Self.arguments, environment: environment, timeout: .milliseconds(Int64(delay * 1_000)))
                let duration = Date().timeIntervalSince(started)
                let reached = server.requests.count > requestsBefore
                let snapshot = try StoreSnapshot.take(path: database, words: Self.words)

                if !snapshot.problems.isEmpty {
                    failures.append("run \(iteration): store damaged: \(snapshot.problems.joined(separator: "; "))")
                }
                switch snapshot.answer {
                case sets[stored].ids: counts.old += 1
                case sets[fresh].ids:
                    counts.new += 1
                    stored = fresh
                default:
                    failures.append("run \(iteration) (killed at \(Self.format(delay)) s): stored answer is "
                        + "\(snapshot.answer.count) articles, neither the old nor the new set")
                }
                if result.timedOut {
                    if reached { counts.killedAfterRequest += 1 } else { counts.killedBeforeRequest += 1 }
                    if delay >= window.writeBegins { counts.killedFromWrite += 1 }
                    // Observed, not estimated: the run said (--verbose) that it held the write
                    // transaction, and was killed before it could say that it committed.
                    if result.stderrText.contains(Self.writeBegan), !result.stderrText.contains(Self.committed) {
                        counts.killedInWrite += 1
                    }
                } else {
                    counts.completed += 1
                    if result.exitCode != 0 || stored != fresh {
                        failures.append("run \(iteration) was not killed but did not store the new set "
                            + "(exit \(result.exitCode)): \(result.stderrText)")
                    }
                }
                window.learn(delay: delay, killed: result.timedOut, duration: duration, endedOld: stored != fresh)
                if failures.count >= 5 { break }
            }

            print("""
                kill loop: \(iterations) runs of \(answer.articles) articles (\(answer)), seed \(seed): \
                old \(counts.old), new \(counts.new); killed before the request \(counts.killedBeforeRequest), \
                after it \(counts.killedAfterRequest) (\(counts.killedFromWrite) of them aimed at the write, \
                \(counts.killedInWrite) seen inside the write transaction), \
                not killed \(counts.completed); unkilled runs \(timings.map { Self.format($0.total) }.joined(separator: "/")) s, \
                writes began at \(timings.map { Self.format($0.write) }.joined(separator: "/")) s; kills at last at \(Self.format(window.low))–\(Self.format(window.high)) s
                """)
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
            #expect(counts.old + counts.new == iterations)
            // Both outcomes happen when kills land before and after the commit;
            // the adaptive range makes that near certain from 30 runs on.
            if iterations >= 30 {
                #expect(counts.old > 0, "no kill left the old set: every kill came after the commit")
                #expect(counts.new > 0, "no run stored the new set: every kill came before the commit")
            }
            #expect(counts.killedAfterRequest > 0, "no kill landed after the response was served")
            // The point of the loop: kills that landed while the write transaction was open.
            let minimum = iterations >= 30 ? 3 : 1
            #expect(counts.killedInWrite >= minimum,
                "only \(counts.killedInWrite) kills landed inside the write transaction; at least \(minimum) are needed")
        }

        /// Unkilled runs, A → B → A → B → A: they store A and tell how long a
        /// run takes, when its request reaches the server and when its write begins.
        fileprivate static func unkilledRuns(
            of sets: [ArticleSet], answer: KillAnswer, serving: ServedSet, server: LoopbackServer,
            environment: [String: String]
        ) async throws -> [RunTiming] {
            var timings: [RunTiming] = []
            for index in [0, 1, 0, 1, 0] {
                serving.set(sets[index])
                let started = Date()
                let result = try await ProcessRunner.apicli(arguments, environment: environment)
                let total = Date().timeIntervalSince(started)
                try #require(result.exitCode == 0, "unkilled run failed: \(result.stderrText)")
                try #require(result.stderrText.contains(writeBegan) && result.stderrText.contains(committed),
                    "the run did not report its write: \(result.stderrText)")
                // The path meant: streamed, or read whole and stored in one write.
                let writes = result.stderrText.components(separatedBy: writeBegan).count - 1
                try #require(result.stderrText.contains("in batches") == answer.streams,
                    "\(answer): the run took the other path: \(result.stderrText)")
                try #require(answer.streams || writes == 1, "\(answer): \(writes) write transactions: \(result.stderrText)")
                let snapshot = try StoreSnapshot.take(path: environment["APICLI_DB"] ?? "", words: words)
                try #require(snapshot.answer == sets[index].ids, "unkilled run did not store its set")
                timings.append(RunTiming(
                    request: server.requests.last?.arrival.timeIntervalSince(started) ?? 0,
                    write: snapshot.writtenAt?.timeIntervalSince(started) ?? 0, total: total))
            }
            return timings
        }

        /// `--verbose` makes each run say when its write transaction began and when it committed.
        static let arguments = ["nyt"] + words.split(separator: " ").map(String.init)
            + ["--refresh", "--format", "csv", "--verbose"]
        static let writeBegan = "store: write began for"
        static let committed = "store: committed"

        static func environment(server: LoopbackServer, home: TemporaryDirectory, database: String) -> [String: String] {
            [
                "NYT_API_KEY": "kill-loop-test-key",
                "APICLI_NYT_BASE_URL": server.baseURL.absoluteString,
                "APICLI_DB": database,
                "APICLI_TIMEOUT": "60",
                // NYT's 12 s spacing is its own test (PacingEndToEndTests); this one is about the window.
                "APICLI_NYT_SPACING": "0",
                "APICLI_MAX_BODY_MB": "64",
                "HOME": home.path(),
                "XDG_CONFIG_HOME": home.path("config"),
                "XDG_DATA_HOME": home.path("data"),
            ]
        }

        static func setting(_ name: String, default value: Int) -> Int {
            ProcessInfo.processInfo.environment[name].flatMap { Int($0) }.map { max($0, 1) } ?? value
        }

        static func format(_ seconds: Double) -> String {
            String(format: "%.3f", seconds)
        }
    }
}

/// Which path of a page the kill loop kills: within the MiB a page holds whole, or past it.
enum KillAnswer: String, Sendable, CustomTestStringConvertible {
    case whole, streamed

    /// The most body a page holds whole; past it, it streams.
    static let heldWhole = 1 << 20

    /// As many articles as fit well within the MiB, or several MiB of them.
    var articles: Int { self == .whole ? 500 : 3_000 }
    var streams: Bool { self == .streamed }
    var testDescription: String { rawValue }
}

/// When, after its start, an unkilled run's request reached the server, its
/// write transaction began, and it ended (seconds).
private struct RunTiming {
    var request: Double
    var write: Double
    var total: Double
}

/// The range of kill delays (seconds after the start): from when the request
/// reaches the server to when a run usually ends, so kills fall in the
/// transfer, the decode and the write, and some after the commit. Half the
/// kills are aimed at the write itself, the rest anywhere in the range.
///
/// The machine's load (other tests, other builds) changes under the loop, so
/// the end of the range follows the runs: each run that ends before its kill
/// pulls it towards its duration, and each kill near the end that still found
/// the old answer (the run was slower than thought) pushes it later.
private struct KillWindow {
    var low: Double
    var high: Double
    /// Where the write begins, as a share of a whole run.
    let writeShare: Double

    init(measured: [RunTiming]) {
        let totals = measured.map(\.total).sorted()
        low = measured.map(\.request).min() ?? 0
        high = max(totals.isEmpty ? 1 : totals[totals.count / 2], low + 0.05)
        let shares = measured.map { $0.write / max($0.total, 0.001) }.sorted()
        writeShare = shares.isEmpty ? 0.5 : shares[shares.count / 2]
    }

    /// The estimated start of the write: kills after it may hit it.
    var writeBegins: Double { max(low, high * writeShare) }

    mutating func learn(delay: Double, killed: Bool, duration: Double, endedOld: Bool) {
        if !killed {
            high = max(low + 0.05, (high + duration) / 2)
        } else if endedOld, delay > 0.9 * high {
            high *= 1.1
        }
    }

    /// A delay from two uniform numbers in `0..<1`: `aim` picks the half.
    func delay(_ position: Double, _ aim: Double) -> Double {
        let start = aim < 0.5 ? low : min(writeBegins, high)
        return start + (high - start) * position
    }

    /// Still no outcome on one side after many runs: widen towards it.
    mutating func adapt(to counts: KillCounts) {
        if counts.new == 0 { high *= 1.5 }
        if counts.old == 0 { low *= 0.5 }
    }
}

/// How the runs of the kill loop ended.
private struct KillCounts {
    var old = 0
    var new = 0
    var killedBeforeRequest = 0
    var killedAfterRequest = 0
    /// Killed after the estimated start of the write.
    var killedFromWrite = 0
    /// Killed after the run reported its write transaction begun and before it reported the commit.
    var killedInWrite = 0
    var completed = 0
}

/// An NYT answer of `count` articles made from the real fixture docs, each with
/// a fresh `_id` and `web_url`, and those ids in order.
private struct ArticleSet: Sendable {
    let ids: [String]
    let body: Data

    static func make(tag: String, count: Int) throws -> ArticleSet {
        var templates: [[String: Any]] = []
        for file in try Fixtures.realFiles(in: "nyt") {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            let response = object?["response"] as? [String: Any]
            templates += response?["docs"] as? [[String: Any]] ?? []
        }
        try #require(!templates.isEmpty, "no NYT fixture docs")
        var docs: [[String: Any]] = []
        var ids: [String] = []
        for index in 0..<count {
            var doc = templates[index % templates.count]
            let id = "nyt://article/kill-\(tag)-\(index)"
            doc["_id"] = id
            doc["web_url"] = "https://www.nytimes.com/kill-loop/\(tag)/\(index).html"
            docs.append(doc)
            ids.append(id)
        }
        let answer: [String: Any] = [
            "status": "OK", "copyright": "Copyright (c) 2024 The New York Times Company. All Rights Reserved.",
            "response": ["docs": docs, "meta": ["hits": count, "offset": 0, "time": 12]],
        ]
        return ArticleSet(ids: ids, body: try JSONSerialization.data(withJSONObject: answer))
    }
}

/// The set the loopback server answers with; switched between runs.
private final class ServedSet: Sendable {
    private let current: Mutex<Data>

    init(_ set: ArticleSet) { current = Mutex(set.body) }

    var body: Data { current.withLock { $0 } }

    func set(_ set: ArticleSet) { current.withLock { $0 = set.body } }
}

/// What a killed run left behind, read by opening the store as the next apicli would.
private struct StoreSnapshot {
    /// `PRAGMA integrity_check` and the FTS index's own check; empty when healthy.
    var problems: [String]
    /// The ids answering the query, in order, joined to their articles.
    var answer: [String]
    /// When the answer was written: the provider stamps it as its write transaction begins.
    var writtenAt: Date?

    /// Also forgets the NYT rate-limit events, so the loop is not held to 5 runs a minute, and
    /// every article the stored answer does not name.
    static func take(path: String, words: String) throws -> StoreSnapshot {
        let store = try Store(path: path)
        var problems = try store.integrityCheck()
        let (answer, writtenAt) = try store.read { tx -> ([String], Date?) in
            let queries = try tx.query("SELECT key, fetched_at FROM nyt_queries WHERE q = ?", [.text(words)])
            guard queries.count == 1, let key = queries.first?["key"].string else { return ([], nil) }
            let results = try tx.queryOne("SELECT COUNT(*) FROM nyt_query_results WHERE query_key = ?", [.text(key)])
            let joined = try tx.query(
                """
                SELECT a.id FROM nyt_query_results r JOIN nyt_articles a ON a.id = r.article_id
                WHERE r.query_key = ? ORDER BY r.position
                """, [.text(key)]
            ).compactMap { $0[0].string }
            // A result row without its article is a partial write too.
            return (joined.count == results?[0].int ? joined : [], queries.first?.get("fetched_at", as: Date.self))
        }
        do {
            try store.write { tx in
                try tx.execute("INSERT INTO nyt_articles_fts (nyt_articles_fts) VALUES ('integrity-check')")
            }
        } catch {
            problems.append("FTS index: \(error)")
        }
        problems += try versionProblems(store)
        // Only the stored answer's articles stay, so that the next run's set is not in the store
        // before it: an answer written before (or without) its articles then names articles
        // that are missing, and the next snapshot finds it partial.
        try store.write { tx in
            try tx.execute("DELETE FROM nyt_articles WHERE id NOT IN (SELECT article_id FROM nyt_query_results)")
            try tx.execute("DELETE FROM nyt_article_versions WHERE article_id NOT IN (SELECT id FROM nyt_articles)")
        }
        try StoreRateLimitLedger(store: store).reset(bucket: "nyt")
        return StoreSnapshot(problems: problems, answer: answer, writtenAt: writtenAt)
    }

    /// The versions a write adds go with it or not at all: every stored article has exactly one
    /// version (each run's articles are new to the store), its latest is the row's content, and
    /// no version is left without its article.
    static func versionProblems(_ store: Store) throws -> [String] {
        try store.read { tx in
            var problems: [String] = []
            let unversioned = try tx.queryOne(
                """
                SELECT COUNT(*) FROM nyt_articles a WHERE (SELECT COUNT(*) FROM nyt_article_versions v
                    WHERE v.article_id = a.id AND v.hash = a.content_hash
                    AND json_extract(v.content, '$.headline') IS a.headline) <> 1
                """)?[0].int ?? -1
            if unversioned != 0 { problems.append("\(unversioned) articles without exactly one version of their content") }
            let orphans = try tx.queryOne(
                "SELECT COUNT(*) FROM nyt_article_versions WHERE article_id NOT IN (SELECT id FROM nyt_articles)")?[0].int ?? -1
            if orphans != 0 { problems.append("\(orphans) versions without their article") }
            return problems
        }
    }
}
