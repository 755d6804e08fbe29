import APICore
import APIPostgres
import APIStore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `apicli store sync [postgresql://…] [--schema NAME]`: a two-way merge of the local
/// store's item versions with a team database (docs/design/0290-a-team-archive-in-postgresql.md).
///
/// Push, then pull, each in batches:
/// - **push**: each version table's rows after its mark, as one JSON array made by SQLite,
///   inserted in one PostgreSQL transaction (`ON CONFLICT DO NOTHING`, so a batch sent
///   twice adds nothing); the mark moves once the database committed it. A sync killed
///   between the two sends that batch again, which adds nothing.
/// - **pull**: the database's rows after the received mark that other stores pushed, in one
///   SQLite transaction per batch with the mark: each version this store lacks is written to
///   its table, and to its item's row where the owner's rows are made of content.
struct StoreSync: Sendable {
    let host: Host
    let options: RunOptions
    let values: [String: String]

    /// Rows per batch: a transaction of each side holds at most this many.
    var batchSize: Int {
        host.environment.variables["APICLI_SYNC_BATCH"].flatMap(Int.init).map { min(max($0, 1), 100_000) } ?? 1000
    }

    func run(_ words: [String]) throws -> ExitCode {
        guard words.count <= 1 else { throw UsageError(Self.usage) }
        let team = try TeamDatabase.resolve(argument: words.first, schema: values["schema"], environment: host.environment)
        let paths = AppPaths(variables: host.environment.variables, databaseFlag: options.databasePath)
        let path = try paths.databaseLocation()
        let layout = host.registry.storeLayout
        // A colleague without keys syncs first: the store is made when it is missing, as a fetch makes it.
        let store = try StoreOpener.open(
            path: path, providers: host.registry.compiled, shared: layout.sharedMigrations,
            intent: .create(folder: !paths.databaseIsNamed))
        let connection = try team.connect()
        var report = SyncReport()
        do {
            try connection.transaction {
                try connection.execute(TeamSchema.lock(team.schema))
                for statement in TeamSchema.statements(team.schema) { try connection.execute(statement) }
            }
            let (id, tables) = try store.write { tx in (try SyncMarks.storeID(tx), try SyncedTable.present(in: layout, tx: tx)) }
            let origin = Self.origin(host.environment.variables)
            for table in tables {
                try push(table, team: team, store: store, connection: connection, id: id, origin: origin, report: &report)
            }
            try pull(tables, team: team, store: store, connection: connection, id: id, report: &report)
        } catch let error as PostgresError {
            throw TeamDatabase.cliError(error)
        } catch let error as StoreError {
            throw StoreFailure.cliError(error, path: path)
        }
        Messages(environment: host.environment, options: options).notice(report.line(team.shown + " (schema \(team.schema))"))
        return .success
    }

    static let usage = "usage: apicli store sync [postgresql://USER@HOST:PORT/DATABASE] [--schema NAME]"

    private func push(
        _ table: SyncedTable, team: TeamDatabase, store: Store, connection: PostgresConnection, id: String, origin: String,
        report: inout SyncReport
    ) throws {
        let insert = """
            INSERT INTO \(team.schema).versions (provider, item, hash, fetched_epoch, query, content, source, key, search_text, origin, store_id)
            SELECT r.provider, r.item, r.hash, r.fetched_epoch, r.query, r.content, r.source, r.key, r.search_text, $2, $3
            FROM jsonb_to_recordset($1::jsonb) AS r(provider text, item text, hash bigint, fetched_epoch float8, query text,
                content jsonb, source text, key jsonb, search_text text)
            ON CONFLICT (provider, item, hash) DO NOTHING
            """
        let batchSQL = table.batchSQL
        while true {
            let batch = try store.read { tx -> (String, Int64, Int)? in
                let mark = try SyncMarks.mark(team.markKey, table.name, in: tx)
                guard let row = try tx.queryOne(batchSQL, [.integer(mark), .integer(Int64(batchSize))]),
                      let count = row[2].int, count > 0, let json = row[0].string, let last = row[1].int64
                else { return nil }
                return (json, last, count)
            }
            guard let (json, last, count) = batch else { return }
            let added = try connection.transaction {
                try connection.execute(TeamSchema.lock(team.schema))
                return try connection.execute(insert, [json, origin, id]).affected
            }
            try store.write { tx in try SyncMarks.set(team.markKey, table.name, last, in: tx) }
            report.offered += count
            report.added += added
        }
    }

    private func pull(
        _ tables: [SyncedTable], team: TeamDatabase, store: Store, connection: PostgresConnection, id: String,
        report: inout SyncReport
    ) throws {
        let byName = Dictionary(tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let select = """
            SELECT seq, source, key::text, hash, fetched_epoch, query, content::text FROM \(team.schema).versions
            WHERE seq > $1 AND store_id <> $2 ORDER BY seq LIMIT $3
            """
        while true {
            let mark = try store.read { tx in try SyncMarks.mark(team.markKey, SyncMarks.received, in: tx) }
            let rows = try connection.execute(select, [String(mark), id, String(batchSize)]).rows
            guard let last = rows.last?[0].flatMap({ Int64($0) }) else { return }
            let (received, updated) = try store.write { tx -> (Int, Int) in
                try receive(rows, last: last, tables: byName, team: team, tx: tx)
            }
            report.received += received
            report.itemsUpdated += updated
        }
    }

    /// One batch of received rows, with the received mark, in the caller's transaction.
    private func receive(
        _ rows: [[String?]], last: Int64, tables: [String: SyncedTable], team: TeamDatabase, tx: Transaction
    ) throws -> (Int, Int) {
        var received = 0
        var updated = 0
        var itemRows: [String: ReceivedItemRow?] = [:]
        var touched: Set<String> = []
        // Each table's newest `num` before this batch: when its push mark had reached it, the
        // rows written here need not be sent back, and the mark moves past them.
        var before: [String: Int64] = [:]
        for row in rows {
            guard row.count == 7, let source = row[1], let table = tables[source], let key = row[2],
                  let hash = row[3].flatMap({ Int64($0) }), let fetched = row[4].flatMap({ Double($0) }), let content = row[6]
            else { continue }
            if try tx.queryOne(table.hasVersionSQL, [.text(key), .integer(hash)]) != nil { continue }
            if before[source] == nil {
                before[source] = try tx.queryOne("SELECT coalesce(max(num), 0) FROM \(Store.quoted(source))")?[0].int64 ?? 0
            }
            try tx.execute(table.insertSQL, [.text(key), .real(fetched), .integer(hash), row[5].map(SQLValue.text) ?? .null, .text(content)])
            received += 1
            if itemRows[source] == nil { itemRows[source] = try ReceivedItemRow(table.declared.latest, tx: tx) }
            if let writer = itemRows[source] ?? nil {
                try writer.write(content: content, fetchedAt: fetched, hash: hash, in: tx)
                if (try tx.queryOne("SELECT changes()")?[0].int ?? 0) > 0 {
                    updated += 1
                    touched.insert(writer.latest.table)
                }
            }
        }
        for table in touched { try ReceivedItemRow.rebuildIndexes(of: table, in: tx) }
        for (source, newest) in before {
            for statement in tables[source]?.declared.rebuild ?? [] {
                try tx.execute(statement, [.integer(newest + 1)])
            }
        }
        for (source, newest) in before where try SyncMarks.mark(team.markKey, source, in: tx) >= newest {
            let now = try tx.queryOne("SELECT coalesce(max(num), 0) FROM \(Store.quoted(source))")?[0].int64 ?? 0
            try SyncMarks.set(team.markKey, source, now, in: tx)
        }
        try SyncMarks.set(team.markKey, SyncMarks.received, last, in: tx)
        return (received, updated)
    }

    /// Who fetched what this store pushes: `user@host`.
    static func origin(_ variables: [String: String]) -> String {
        var name = [CChar](repeating: 0, count: 256)
        let hostName = gethostname(&name, name.count) == 0 ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "unknown"
        return (variables["USER"] ?? variables["LOGNAME"] ?? "unknown") + "@" + hostName
    }
}
