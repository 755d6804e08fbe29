import Foundation
import Testing
import TestSupport

/// `kill -9` in the middle of `apicli store sync`, sending and receiving, then a sync
/// again: the database and the store end as one clean sync leaves them, with no half
/// batch and nothing twice.
@Suite("store sync killed, end to end", .needsPostgres, .needs("psql", "sqlite3"))
struct StoreSyncKillEndToEndTests {
    static let articles = 1500
    /// Small batches, so that the kill lands between two of them.
    static let batch = ["APICLI_SYNC_BATCH": "7"]

    static func filledStore() async throws -> (Sandbox, FixtureServer) {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let body = try LargeNYTAnswer.body(docs: articles)
        fixtures.answer(.json(body)) { $0.path == FixtureServer.nytPath }
        let fetch = try await sandbox.run(["nyt", "many"], timeout: .seconds(120))
        #expect(fetch.exitCode == 0, "\(String(decoding: fetch.stderr, as: UTF8.self))")
        #expect(try sandbox.count("nyt_article_versions") == articles)
        return (sandbox, fixtures)
    }

    /// Starts `store sync`, kills it with SIGKILL once `started` says it is under way, and
    /// says whether it was still running then (a sync that finished first proves nothing).
    static func killDuring(
        _ sandbox: Sandbox, _ database: TeamDatabaseShell, started: () async throws -> Bool
    ) async throws -> Bool {
        let process = Process()
        process.executableURL = try ProcessRunner.apicliExecutable()
        process.arguments = ["store", "sync", database.url, "--schema", database.schema]
        process.environment = sandbox.environment(set: batch)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning, ContinuousClock.now < deadline, !(try await started()) {
            try await Task.sleep(for: .milliseconds(20))
        }
        let killedRunning = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return killedRunning && process.terminationReason == .uncaughtSignal
    }

    static func sync(_ sandbox: Sandbox, _ database: TeamDatabaseShell) async throws {
        let result = try await sandbox.run(["store", "sync", database.url, "--schema", database.schema], timeout: .seconds(300))
        #expect(result.exitCode == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
    }

    static func databaseRows(_ database: TeamDatabaseShell) async throws -> [String] {
        try await database.lines(
            "SELECT provider, item, hash, fetched_epoch, query, content::text, source, key::text, search_text "
                + "FROM \(database.schema).versions ORDER BY provider, item, hash")
    }

    static func storeRows(_ sandbox: Sandbox) throws -> [[String]] {
        try sandbox.rows("""
            SELECT v.article_id || '|' || v.hash || '|' || v.fetched_at || '|' || v.content,
                (SELECT count(*) FROM nyt_article_versions w WHERE w.article_id = v.article_id AND w.hash = v.hash)
            FROM nyt_article_versions v ORDER BY v.article_id, v.hash
            """).map { [$0[0].string ?? "", String($0[1].int ?? 0)] }
            + sandbox.rows("SELECT id || '|' || content_hash || '|' || headline FROM nyt_articles ORDER BY id").map { [$0[0].string ?? ""] }
            + sandbox.rows("SELECT count(*) FROM nyt_articles_fts WHERE nyt_articles_fts MATCH 'the'").map { [String($0[0].int ?? 0)] }
    }

    @Test("killed while sending, then synced again: the database equals one clean sync's")
    func killWhileSending() async throws {
        let (sandbox, server) = try await Self.filledStore()
        _ = server
        let killed = try TeamDatabaseShell(), clean = try TeamDatabaseShell()
        defer { Task { await killed.drop(); await clean.drop() } }
        try await Self.sync(sandbox, clean)
        // The database made, then slowed by a few milliseconds a row, so that the kill lands
        // mid-sync however loaded the machine is; the rows stay as they were sent.
        let (empty, emptyServer) = try Sandbox.withFixtures()
        _ = emptyServer
        try await Self.sync(empty, killed)
        _ = try await killed.lines("""
            CREATE FUNCTION \(killed.schema).slow() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN PERFORM pg_sleep(0.003); RETURN NEW; END $$;
            CREATE TRIGGER slow BEFORE INSERT ON \(killed.schema).versions FOR EACH ROW EXECUTE FUNCTION \(killed.schema).slow()
            """)
        let wasRunning = try await Self.killDuring(sandbox, killed) {
            (try? await killed.count("SELECT count(*) FROM \(killed.schema).versions")) ?? 0 > 0
        }
        #expect(wasRunning, "the sync finished before the kill")
        let partial = try await killed.count("SELECT count(*) FROM \(killed.schema).versions")
        #expect(partial < Self.articles && partial % 7 == 0, "\(partial) rows: a batch was cut")
        _ = try await killed.lines("DROP TRIGGER slow ON \(killed.schema).versions")
        try await Self.sync(sandbox, killed)
        #expect(try await Self.databaseRows(killed) == Self.databaseRows(clean))
    }

    @Test("killed while receiving, then synced again: the store equals one clean sync's")
    func killWhileReceiving() async throws {
        let (sender, server) = try await Self.filledStore()
        _ = server
        let database = try TeamDatabaseShell()
        defer { Task { await database.drop() } }
        try await Self.sync(sender, database)
        let (killedStore, killedServer) = try Sandbox.withFixtures()
        let (cleanStore, cleanServer) = try Sandbox.withFixtures()
        _ = (killedServer, cleanServer)
        try await Self.sync(cleanStore, database)
        #expect(try cleanStore.count("nyt_article_versions") == Self.articles)
        let wasRunning = try await Self.killDuring(killedStore, database) {
            ((try? killedStore.count("nyt_article_versions")) ?? 0) > 0
        }
        #expect(wasRunning, "the sync finished before the kill")
        let partial = try killedStore.count("nyt_article_versions")
        #expect(partial < Self.articles && partial % 7 == 0, "\(partial) versions: a batch was cut")
        try await Self.sync(killedStore, database)
        #expect(try Self.storeRows(killedStore) == Self.storeRows(cleanStore))
        #expect(try cleanStore.count("nyt_articles") == Self.articles)
        // Neither sends back what it received.
        #expect(try await database.count("SELECT count(*) FROM \(database.schema).versions") == Self.articles)
    }

    /// The received mark, as the killed store keeps it.
    static func receivedMark(_ sandbox: Sandbox, _ database: TeamDatabaseShell) throws -> Int {
        try sandbox.rows("SELECT mark FROM apicli_sync_marks WHERE source = '(received)' AND target LIKE '%#\(database.schema)'")
            .first?[0].int ?? 0
    }

    @Test("a batch that fails half way, on either side, leaves nothing of itself and no mark past it; a sync again completes it")
    func failureInsideABatch() async throws {
        let (sender, server) = try await Self.filledStore()
        _ = server
        let database = try TeamDatabaseShell(), clean = try TeamDatabaseShell()
        defer { Task { await database.drop(); await clean.drop() } }
        try await Self.sync(sender, clean)
        // The database refuses its 100th row: the batch holding it is rolled back whole.
        let (empty, emptyServer) = try Sandbox.withFixtures()
        _ = emptyServer
        try await Self.sync(empty, database)
        _ = try await database.lines("""
            CREATE FUNCTION \(database.schema).refuse() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN IF (SELECT count(*) FROM \(database.schema).versions) >= 99 THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$;
            CREATE TRIGGER refuse BEFORE INSERT ON \(database.schema).versions FOR EACH ROW EXECUTE FUNCTION \(database.schema).refuse()
            """)
        let refused = try await sender.run(["store", "sync", database.url, "--schema", database.schema], set: Self.batch)
        #expect(refused.exitCode == 65)
        #expect(try await database.count("SELECT count(*) FROM \(database.schema).versions") == 98)
        _ = try await database.lines("DROP TRIGGER refuse ON \(database.schema).versions")
        try await Self.sync(sender, database)
        #expect(try await Self.databaseRows(database) == Self.databaseRows(clean))

        // The store refuses the 100th version received: its batch and the mark stay out.
        let (receiver, receiverServer) = try Sandbox.withFixtures()
        let (cleanStore, cleanServer) = try Sandbox.withFixtures()
        _ = (receiverServer, cleanServer)
        try await Self.sync(cleanStore, clean)
        try await Self.sync(receiver, TeamDatabaseShell(schema: TestPostgres.freshSchema("empty")))
        try SQLiteShell.run(receiver.databasePath, """
            CREATE TRIGGER refuse BEFORE INSERT ON nyt_article_versions
            WHEN (SELECT count(*) FROM nyt_article_versions) >= 99 BEGIN SELECT RAISE(ABORT, 'refused'); END;
            """)
        let stopped = try await receiver.run(["store", "sync", clean.url, "--schema", clean.schema], set: Self.batch)
        #expect(stopped.exitCode != 0)
        #expect(try receiver.count("nyt_article_versions") == 98)
        #expect(try Self.receivedMark(receiver, clean) == 98)
        try SQLiteShell.run(receiver.databasePath, "DROP TRIGGER refuse;")
        try await Self.sync(receiver, clean)
        #expect(try Self.storeRows(receiver) == Self.storeRows(cleanStore))
    }
}
