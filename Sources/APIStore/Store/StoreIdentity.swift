/// What makes an SQLite file an apicli store, decided before anything is written to it.
///
/// A read-write open of another program's database must not switch it to WAL, add
/// apicli's tables or mark its header. So the decision rests on what only apicli does,
/// read without changing a byte:
///
/// - apicli's application ID in the header (``Store/applicationID``): a store;
/// - any other application ID: another program's file (SQLite keeps the field for that);
/// - no schema object at all (no table, view, index or trigger) and no `user_version`: a
///   blank file, a store to be; a `user_version` alone, or a view alone, is someone's;
/// - a table `apicli_migrations` with apicli's columns (`owner`, `version`, `applied_at`):
///   a store an apicli older than the mark made; a table of that name with other columns
///   is another program's, whatever it is called;
/// - anything else: another program's.
public enum StoreIdentity: Sendable, Equatable {
    case store
    case blank
    /// Another program's file, and why, in words a message can quote.
    case foreign(String)

    /// The columns apicli gives `apicli_migrations`.
    static let migrationColumns: Set<String> = ["owner", "version", "applied_at"]

    /// The verdict from what a reading connection found.
    ///
    /// - Parameters:
    ///   - objects: every entry of `sqlite_master` but SQLite's own, as (type, name).
    ///   - migrationColumns: the column names of `apicli_migrations`, when it is a table.
    static func of(
        applicationID: Int32, userVersion: Int32, objects: [(type: String, name: String)], migrationColumns: [String]
    ) -> StoreIdentity {
        if applicationID == Store.applicationID { return .store }
        if applicationID != 0 {
            return .foreign("its header names another application, application_id \(applicationID)")
        }
        if objects.isEmpty {
            return userVersion == 0 ? .blank : .foreign("it holds no table, but its user_version is \(userVersion)")
        }
        if objects.contains(where: { $0.type == "table" && $0.name == "apicli_migrations" }) {
            return Set(migrationColumns) == Self.migrationColumns
                ? .store : .foreign("its table apicli_migrations is not apicli's")
        }
        let tables = objects.filter { $0.type == "table" }.count
        return .foreign(tables > 0 ? "it has tables of its own and no apicli schema" : "it holds a view, an index or a trigger of its own")
    }

    /// The verdict through `rows`, which runs a query on a connection that only reads and
    /// gives each row's columns as text (nil when the query fails).
    static func read(applicationID: Int32, userVersion: Int32, rows: (String) -> [[String?]]?) -> StoreIdentity? {
        if applicationID == Store.applicationID { return .store }
        guard let entries = rows("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'") else {
            return nil
        }
        let objects = entries.compactMap { row -> (type: String, name: String)? in
            guard row.count == 2, let type = row[0], let name = row[1] else { return nil }
            return (type, name)
        }
        var columns: [String] = []
        if objects.contains(where: { $0.type == "table" && $0.name == "apicli_migrations" }) {
            guard let info = rows("SELECT name FROM pragma_table_info('apicli_migrations')") else { return nil }
            columns = info.compactMap { $0.first ?? nil }
        }
        return of(applicationID: applicationID, userVersion: userVersion, objects: objects, migrationColumns: columns)
    }

    /// A 32-bit big-endian field of a database header (`user_version` at 60, `application_id` at 68).
    static func headerField(_ header: [UInt8], at offset: Int) -> Int32 {
        guard header.count >= offset + 4 else { return 0 }
        return Int32(bitPattern: header[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }
}
