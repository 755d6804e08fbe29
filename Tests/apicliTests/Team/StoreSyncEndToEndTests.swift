import Foundation
import Testing
import TestSupport

/// `apicli store sync` between two stores and one PostgreSQL database (the throw-away
/// cluster `.ci/run` starts): items merge without duplicates, each store ends with both
/// sets and every version, and a second sync exchanges nothing.
@Suite("store sync, end to end", .needsPostgres, .needs("psql"))
struct StoreSyncEndToEndTests {
    static let electionFixture = "nyt/nyt-2016-11-compact-escaped-slashes.json"
    static let dogFixture = "nyt/nyt-2016-05-dog-video-multimedia-docs.json"
    static let sharedFixture = "nyt/nyt-2017-03-wordcount-int-printpage-int.json"
    static let currentFixture = "current/current-london-2024-standard-baranbarandev.json"

    /// A store whose NYT searches answer from the fixture their first word names.
    static func store() throws -> (Sandbox, FixtureServer) {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        for (word, file) in [("dogs", dogFixture), ("shared", sharedFixture)] {
            let body = try Fixtures.real(file)
            fixtures.answer(.json(body)) { $0.path == FixtureServer.nytPath && ($0.query("q") ?? "").hasPrefix(word) }
        }
        let current = try Fixtures.real(currentFixture)
        fixtures.answer(.json(current)) { $0.path == "/data/2.5/weather" }
        return (sandbox, fixtures)
    }

    static func sync(_ sandbox: Sandbox, _ database: TeamDatabaseShell, _ extra: [String] = []) async throws -> String {
        let result = try await sandbox.run(["store", "sync", database.url, "--schema", database.schema] + extra, timeout: .seconds(120))
        let errors = String(decoding: result.stderr, as: UTF8.self)
        #expect(result.exitCode == 0, "\(errors)")
        return errors
    }

    @Test("two stores with overlapping and diverging items: each item once in the database, both stores hold both sets, a re-sync sends nothing")
    func twoStoresMerge() async throws {
        let database = try TeamDatabaseShell()
        defer { Task { await database.drop() } }
        let (first, firstServer) = try Self.store()
        let (second, secondServer) = try Self.store()
        _ = (firstServer, secondServer)
        for arguments in [["nyt", "election"], ["nyt", "shared"], ["weather", "Rostov"]] {
            #expect(try await first.run(arguments).exitCode == 0)
        }
        for arguments in [["nyt", "dogs"], ["nyt", "shared"], ["weather", "Rostov"], ["weather", "London"], ["weather", "London", "--now"]] {
            #expect(try await second.run(arguments).exitCode == 0)
        }
        let firstVersions = try first.versionKeys(), secondVersions = try second.versionKeys()
        let firstArticles = try first.articleIDs(), secondArticles = try second.articleIDs()
        // The fixtures overlap and diverge, or the test would prove little.
        #expect(!firstVersions.isDisjoint(with: secondVersions))
        #expect(!firstVersions.subtracting(secondVersions).isEmpty && !secondVersions.subtracting(firstVersions).isEmpty)
        #expect(!firstArticles.subtracting(secondArticles).isEmpty)

        _ = try await Self.sync(first, database)
        _ = try await Self.sync(second, database)
        _ = try await Self.sync(first, database)

        let union = firstVersions.union(secondVersions)
        #expect(try await database.versions() == union)
        #expect(try await database.count("SELECT count(*) FROM \(database.schema).versions") == union.count)
        let items = Set(union.map { $0.split(separator: " ").dropLast().joined(separator: " ") })
        #expect(try await database.count("SELECT count(*) FROM \(database.schema).items") == items.count)
        #expect(try first.versionKeys() == union)
        #expect(try second.versionKeys() == union)
        #expect(try first.articleIDs() == firstArticles.union(secondArticles))
        #expect(try second.articleIDs() == firstArticles.union(secondArticles))

        for store in [first, second] {
            let again = try await Self.sync(store, database)
            #expect(again.contains("sent 0 versions (0 new to it), received 0"), "\(again)")
        }

        // What the other store fetched is found offline, by its words, and has its history.
        let onlyFirst = try #require(firstArticles.subtracting(secondArticles).sorted().first)
        let headline = try #require(try first.rows("SELECT headline FROM nyt_articles WHERE id = '\(onlyFirst)'").first?[0].string)
        let word = try #require(headline.split(separator: " ").map(String.init).first { $0.count > 4 && $0.allSatisfy(\.isLetter) })
        let offline = try await second.run(["nyt", word, "--offline", "--format", "ndjson", "--fields", "id"])
        #expect(offline.exitCode == 0)
        #expect(String(decoding: offline.stdout, as: UTF8.self).contains(onlyFirst), "\(word)")
        let history = try await second.run(["history", "nyt", onlyFirst, "--format", "ndjson"])
        #expect(history.exitCode == 0)
        #expect(!history.stdout.isEmpty)

        // The forecast only the second store fetched is the first's offline forecast of that
        // place: the same steps, in order, as the second store shows offline.
        try await Self.expectSameOfflineForecast(of: "London", in: first, as: second)
        // And its current conditions are the first's `--now --offline`.
        let now = ["weather", "London", "--now", "--offline", "--format", "ndjson"]
        let sentNow = try await second.run(now), receivedNow = try await first.run(now)
        #expect(receivedNow.exitCode == 0, "\(String(decoding: receivedNow.stderr, as: UTF8.self))")
        let observed = "SELECT dt, temp, json_extract(conditions, '$[0].description') FROM weather_current WHERE city_key = 'london'"
        let sentObserved = try second.rows(observed).map { "\($0[0]) \($0[1]) \($0[2])" }
        #expect(sentObserved.count == 1)
        #expect(try first.rows(observed).map { "\($0[0]) \($0[1]) \($0[2])" } == sentObserved)
        let temperature = { (run: ProcessRunner.Result) in
            String(decoding: run.stdout, as: UTF8.self).firstRange(of: #/"temp":[^,]*/#).map { String(String(decoding: run.stdout, as: UTF8.self)[$0]) }
        }
        #expect(temperature(sentNow) != nil)
        #expect(temperature(receivedNow) == temperature(sentNow))
    }

    /// `weather PLACE --offline` on `receiver` answers from the forecast `sender` fetched: it
    /// succeeds, the steps stored for the place are the sender's (time, temperature, sky, in
    /// order), and as many of them age away as on the sender (the fixtures' steps are past, so
    /// the host's clock leaves them out of both answers and says how many).
    static func expectSameOfflineForecast(of place: String, in receiver: Sandbox, as sender: Sandbox) async throws {
        let arguments = ["weather", place, "--offline", "--format", "ndjson"]
        let sent = try await sender.run(arguments)
        let received = try await receiver.run(arguments)
        #expect(sent.exitCode == 0)
        #expect(received.exitCode == 0, "\(String(decoding: received.stderr, as: UTF8.self))")
        let steps = "SELECT dt, temp, description FROM weather_entries WHERE city_key = '\(place.lowercased())' ORDER BY position"
        let sentSteps = try sender.rows(steps).map { "\($0[0]) \($0[1]) \($0[2])" }
        let receivedSteps = try receiver.rows(steps).map { "\($0[0]) \($0[1]) \($0[2])" }
        #expect(sentSteps.count > 1)
        #expect(receivedSteps == sentSteps)
        let leftOut = { (run: ProcessRunner.Result) in
            String(decoding: run.stderr, as: UTF8.self).split(separator: "\n").filter { $0.contains("left out") }
        }
        #expect(!leftOut(sent).isEmpty)
        #expect(leftOut(received) == leftOut(sent), "\(String(decoding: received.stderr, as: UTF8.self))")
    }
}
