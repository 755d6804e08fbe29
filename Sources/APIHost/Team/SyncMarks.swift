import APICore
import APIStore

/// What a store has exchanged with each team database, kept in the store itself
/// (`apicli_sync_marks`): per database (its URL without password, and schema) the highest
/// `num` of each version table sent, and the highest `seq` of the database received. The
/// store's own id (`apicli_sync_identity`) tells its rows apart from others' in the
/// database. Both tables are made by the first sync, in its first transaction.
enum SyncMarks {
    static let tablesSQL = """
        CREATE TABLE IF NOT EXISTS apicli_sync_marks (
            target TEXT NOT NULL,
            source TEXT NOT NULL,
            mark INTEGER NOT NULL,
            PRIMARY KEY (target, source)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS apicli_sync_identity (id TEXT NOT NULL);
        """

    /// What `apicli store schema` says of them.
    static let notes = [
        TableNote(
            "apicli_sync_marks", "how far store sync got with each team database",
            columns: [
                "target": "the database's URL without password, and #schema",
                "source": "a version table (its num sent up to mark) or (received) (the database's seq received up to mark)",
                "mark": "the highest num sent, or seq received",
            ]),
        TableNote("apicli_sync_identity", "this store's id in team databases", columns: ["id": "random, made by the first sync"]),
    ]

    /// The source name of the received mark (table names never start with `(`).
    static let received = "(received)"

    /// This store's id, made (random, 128 bits) the first time.
    static func storeID(_ tx: Transaction) throws -> String {
        try tx.executeScript(tablesSQL)
        if let id = try tx.queryOne("SELECT id FROM apicli_sync_identity")?[0].string { return id }
        var generator = SystemRandomNumberGenerator()
        let id = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(16, with: "0") }.joined()
        try tx.execute("INSERT INTO apicli_sync_identity (id) VALUES (?)", [.text(id)])
        return id
    }

    static func mark(_ target: String, _ source: String, in tx: Transaction) throws -> Int64 {
        try tx.queryOne("SELECT mark FROM apicli_sync_marks WHERE target = ? AND source = ?", [.text(target), .text(source)])?[0]
            .int64 ?? 0
    }

    static func set(_ target: String, _ source: String, _ mark: Int64, in tx: Transaction) throws {
        try tx.execute(
            "INSERT INTO apicli_sync_marks (target, source, mark) VALUES (?, ?, ?) "
                + "ON CONFLICT (target, source) DO UPDATE SET mark = excluded.mark",
            [.text(target), .text(source), .integer(mark)])
    }
}

extension String {
    func leftPadded(_ width: Int, with pad: Character) -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
