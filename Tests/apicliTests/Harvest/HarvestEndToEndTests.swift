import APIStore
import Foundation
import Synchronization
import TestSupport
import Testing

/// `apicli harvest nyt-archive` against a loopback NYT: within the day's budget less the reserve,
/// resumed a (simulated) day later, every month stored once; a truncated month retried, then failed
/// and reported, the harvest going on. The harvest's clock is virtual (`APICLI_TEST_CLOCK`): NYT's
/// 5 a minute and 12 s spacing pass in no time.
@Suite("apicli harvest, end to end")
struct HarvestEndToEndTests {
    static let perMonth = 5
    static let largeMonth = 600

    /// A synthetic Archive month (`response.docs`, as NYT's), five articles whose ids name the month;
    /// the months in `truncated` are cut in the middle, with status 200, as NYT's sometimes are.
    /// With `large`, a month is instead `largeMonth` real docs (past the MiB a page is held whole, so
    /// it is stored while it arrives), their ids renamed after the month.
    static func server(truncated: Set<String> = [], delay: Duration? = nil, large: Bool = false) throws -> LoopbackServer {
        let template = large ? String(decoding: try LargeNYTAnswer.body(docs: largeMonth), as: UTF8.self) : ""
        return try LoopbackServer(maxLifetime: .seconds(600)) { request in
            let parts = request.path.split(separator: "/")
            guard parts.count == 5, parts[0] == "svc", parts[1] == "archive", let year = Int(parts[3]),
                  let month = Int(parts[4].split(separator: ".").first ?? "")
            else { return .status(404, body: "no route") }
            let key = "\(year)-\(month < 10 ? "0" : "")\(month)"
            let docs = (0..<perMonth).map { index in
                #"{"_id":"nyt://article/\#(key)-\#(index)","headline":{"main":"Story \#(index) of \#(key)"},"pub_date":"\#(key)-01T00:00:00+0000","web_url":"https://www.nytimes.com/\#(key)/\#(index).html","word_count":\#(index)}"#
            }
            var body = Data(#"{"copyright":"synthetic","response":{"docs":[\#(docs.joined(separator: ","))],"meta":{"hits":\#(perMonth)}}}"#.utf8)
            if large { body = Data(template.replacingOccurrences(of: "streamed-", with: key + "-").utf8) }
            if truncated.contains(key) { body = body.prefix(body.count / 2) }
            var response = ScriptedResponse.json(body)
            if let delay { response.delay = delay }
            return response
        }
    }

    static func sandbox(_ server: LoopbackServer, clock: Int = 0) throws -> Sandbox {
        try Sandbox(server: server, extra: ["APICLI_TEST_CLOCK": String(clock), "APICLI_TIMEOUT": "20"])
    }

    /// Requests already counted in NYT's day, as if sent an hour ago by other commands.
    static func spend(_ count: Int, in sandbox: Sandbox) throws {
        let store = try Store(path: sandbox.databasePath)
        let at = Date().timeIntervalSince1970 - 3600
        try store.write { tx in
            for _ in 0..<count { try tx.execute("INSERT INTO apicli_rate_events (bucket, at) VALUES ('nyt', ?)", [.real(at)]) }
        }
    }

    /// The stored Archive articles of each month, by month: NYT's articles, where `apicli nyt` keeps its own.
    static func storedMonths(_ sandbox: Sandbox) throws -> [String: Int] {
        var months: [String: Int] = [:]
        // NYT's tables are made by the first `nyt` run: a harvest killed before one has none.
        guard try !sandbox.rows("SELECT 1 FROM sqlite_master WHERE name = 'nyt_articles'").isEmpty else { return months }
        for row in try sandbox.rows("SELECT id FROM nyt_articles") {
            let id = row[0].string ?? ""
            let key = String(id.dropFirst("nyt://article/".count).prefix(7))
            months[key, default: 0] += 1
        }
        return months
    }

    static func doneMonths(_ sandbox: Sandbox) throws -> [String: Int] {
        var done: [String: Int] = [:]
        for row in try sandbox.rows("SELECT slice, items FROM apicli_harvest_slices WHERE state = 'done'") {
            done[row[0].string ?? ""] = row[1].int ?? -1
        }
        return done
    }

    @Test("a year by month stops at the day's budget less the reserve, and a day later resumes to every month once")
    func budgetStopAndResume() async throws {
        let server = try Self.server()
        let sandbox = try Self.sandbox(server)
        _ = try await sandbox.run(["harvest", "--list"])
        // 500 a day, 50 kept for interactive use, 444 spent: six left for the harvest.
        try Self.spend(444, in: sandbox)
        let first = try await sandbox.run(["harvest", "nyt-archive", "--from", "2019-01", "--to", "2019-12"])
        #expect(first.exitCode == 75, "\(first.stderrText)")
        #expect(first.stderrText.contains("can go on at") && first.stderrText.contains("apicli harvest --resume 1"), "\(first.stderrText)")
        #expect(first.stderrText.contains("harvest 1: 6/12 months, 30 items, 0 requests left today"), "\(first.stderrText)")
        #expect(try Self.doneMonths(sandbox).count == 6)
        #expect(server.requests.count == 6)

        let list = try await sandbox.run(["harvest", "--list"])
        #expect(list.stdoutText.contains("waiting for budget") && list.stdoutText.contains("6 of 12 done, 30 items"), "\(list.stdoutText)")

        // A day and a bit later (the virtual clock), the budget is free again.
        let resumed = try await sandbox.run(["harvest", "--resume"], set: ["APICLI_TEST_CLOCK": String(86_400 + 600)])
        #expect(resumed.exitCode == 0, "\(resumed.stderrText)")
        #expect(resumed.stderrText.contains("harvest 1: 12/12 months, 60 items"), "\(resumed.stderrText)")
        let months = (1...12).map { "2019-\($0 < 10 ? "0" : "")\($0)" }
        #expect(try Self.storedMonths(sandbox) == Dictionary(uniqueKeysWithValues: months.map { ($0, Self.perMonth) }))
        #expect(try Self.doneMonths(sandbox) == Dictionary(uniqueKeysWithValues: months.map { ($0, Self.perMonth) }))
        for month in 1...12 {
            #expect(server.requests(to: "/svc/archive/v1/2019/\(month).json").count == 1, "month \(month)")
        }
    }

    @Test("a truncated month is tried three times, then marked failed with its reason; the others are stored")
    func truncatedMonth() async throws {
        let server = try Self.server(truncated: ["2019-02"])
        let sandbox = try Self.sandbox(server)
        let run = try await sandbox.run(["harvest", "nyt-archive", "--from", "2019-01", "--to", "2019-03"])
        #expect(run.exitCode == 65, "\(run.stderrText)")
        #expect(run.stderrText.contains("failed: 2019-02 ("), "\(run.stderrText)")
        #expect(server.requests(to: "/svc/archive/v1/2019/2.json").count == 3)
        #expect(try Self.storedMonths(sandbox) == ["2019-01": 5, "2019-03": 5])
        let failed = try sandbox.rows("SELECT attempts, last_error FROM apicli_harvest_slices WHERE slice = '2019-02' AND state = 'failed'")
        #expect(failed.count == 1 && failed.first?[0].int == 3 && (failed.first?[1].string ?? "").isEmpty == false)
    }

    /// Small months (read whole) and large ones (stored while they arrive, so a kill lands inside
    /// a month's streamed transaction).
    @Test("kill -9 at random moments never loses a finished month nor stores one twice", arguments: [false, true])
    func killLoop(large: Bool) async throws {
        let iterations = Int(ProcessInfo.processInfo.environment["APICLI_HARVEST_KILLS"] ?? "") ?? 50
        let perMonth = large ? Self.largeMonth : Self.perMonth
        var random = SeededRandom(seed: UInt64.random(in: 1...UInt64(UInt32.max)))
        let server = try Self.server(delay: .milliseconds(40), large: large)
        let sandbox = try Self.sandbox(server)
        _ = try await sandbox.run(["harvest", "--list"])
        // The job is made with no budget left, so that every later run is a resume that can be killed anywhere.
        try Self.spend(450, in: sandbox)
        let made = try await sandbox.run(["harvest", "nyt-archive", "--from", "2019-01", "--to", "2019-12"])
        #expect(made.exitCode == 75, "\(made.stderrText)")
        try Store(path: sandbox.databasePath).write { try $0.execute("DELETE FROM apicli_rate_events") }
        var killed = 0
        for _ in 0..<iterations {
            let delay = 30 + Int(random.unit() * 400)
            let run = try await sandbox.run(["harvest", "--resume", "1"], timeout: .milliseconds(Int64(delay)))
            if run.timedOut { killed += 1 }
            let stored = try Self.storedMonths(sandbox)
            for (month, items) in try Self.doneMonths(sandbox) {
                #expect(items == perMonth && stored[month] == perMonth, "\(month) done with \(items) items, \(stored[month] ?? 0) stored")
            }
            #expect(stored.values.allSatisfy { $0 == perMonth }, "\(stored)")
        }
        let last = try await sandbox.run(["harvest", "--resume", "1"])
        let states = try sandbox.rows("SELECT slice, state, attempts, last_error FROM apicli_harvest_slices")
            .map { "\($0[0].string ?? "") \($0[1].string ?? "") \($0[2].int ?? 0) \($0[3].string ?? "")" }
        #expect(last.exitCode == 0, "\(last.stderrText) \(states)")
        #expect(try Self.doneMonths(sandbox).count == 12)
        #expect(try Self.storedMonths(sandbox).values.reduce(0, +) == 12 * perMonth)
        // At most the month in flight is asked again after each kill.
        #expect(server.requests.count <= 12 + killed, "\(server.requests.count) requests, \(killed) kills")
        #expect(killed > 0)
    }
}
