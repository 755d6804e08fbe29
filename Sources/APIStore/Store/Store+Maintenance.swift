#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

/// What `apicli store info|vacuum|check` needs from the file itself.
extension Store {
    /// Bytes on disk: the database file plus its write-ahead log (0 in memory).
    public func fileSize() -> Int64 {
        [path, path + "-wal"].reduce(0) { total, file in total + (FileStatus(path: file)?.size ?? 0) }
    }

    /// `PRAGMA integrity_check`, minus its `ok`: an empty answer means healthy.
    ///
    /// A file too damaged to be read at all is reported as one problem line
    /// rather than thrown, so `apicli store check` can say "damaged" either way.
    public func integrityCheck() throws -> [String] {
        do {
            let lines = try read { tx in try tx.query("PRAGMA integrity_check").compactMap { $0[0].string } }
            return lines.filter { $0 != "ok" }
        } catch let error as StoreError where error.isDamage {
            return [error.description]
        }
    }

    /// Rebuilds the file without its free pages, then empties the WAL so the
    /// size `fileSize()` reports drops at once. Runs outside any transaction,
    /// as SQLite requires, and waits on the busy timeout like a write.
    public func vacuum() throws {
        let path = self.path
        let timeout = busyTimeout
        try connection.withLock { database throws(StoreError) in
            try Self.whileBusy(path: path, timeout: timeout) { () throws(StoreError) in
                try database.executeScript("VACUUM")
            }
            // A reader elsewhere may keep the WAL from being reset; that is not an error.
            database.emptyWAL()
        }
    }

    /// The user-visible tables with their row counts, by name: ordinary and
    /// virtual tables and the views that can be read; no `sqlite_*` internals, no
    /// FTS shadow tables.
    public func tables() throws -> [StoreTable] {
        try read { tx in try Self.tables(in: tx) }
    }

    /// ``tables()`` inside a transaction the caller already holds.
    public static func tables(in tx: Transaction) throws -> [StoreTable] {
        let listed = try tx.query("SELECT name, type FROM pragma_table_list WHERE schema = 'main' ORDER BY name")
        return try listed.compactMap { row -> StoreTable? in
            guard let name = row["name"].string, !name.lowercased().hasPrefix("sqlite_"),
                  let kind = StoreTable.Kind(rawValue: row["type"].string ?? "")
            else { return nil }
            let counted = Result { try tx.queryOne("SELECT COUNT(*) FROM \(quoted(name))")?[0].int ?? 0 }
            // A view may name a table dropped since: it then cannot be read, shows nothing, and is not listed.
            if kind == .view, case .failure = counted { return nil }
            return StoreTable(name: name, kind: kind, rows: try counted.get())
        }
    }

    /// `name` as an SQL identifier. Table names cannot be bound, so they are
    /// quoted (inner `"` doubled) and only ever taken from the schema itself.
    public static func quoted(_ name: String) -> String {
        "\"" + name.replacingAll("\"", with: "\"\"")
 + "\""
    }
}
