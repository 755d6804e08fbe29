import APIStore
import Foundation

/// A store file that a run wrote, read the way apicli reads it: the one reader behind
/// `InProcessHost`, `ProviderFilesHost` and the binary tests' `Sandbox`.
public enum StoreFiles {
    /// The rows of `sql` on the store at `path`, through APIStore.
    public static func rows(_ sql: String, at path: String) throws -> [Row] {
        try Store(path: path).read { try $0.query(sql) }
    }

    /// `SELECT COUNT(*) FROM table` (a `WHERE` may follow the name); -1 when it cannot be counted.
    public static func count(_ table: String, at path: String) throws -> Int {
        try rows("SELECT COUNT(*) FROM \(table)", at: path).first?[0].int ?? -1
    }

    /// Every row of the listed tables, as text, for before/after comparisons.
    public static func snapshot(_ tables: [String], at path: String) throws -> [String: [[String]]] {
        var snapshot: [String: [[String]]] = [:]
        for table in tables {
            snapshot[table] = try rows("SELECT * FROM \(table) ORDER BY 1, 2", at: path).map { row in
                row.values.map { $0.string ?? "NULL" }
            }
        }
        return snapshot
    }

    /// The store's files as they are on disk (database, -wal, -shm), concatenated: for checks
    /// that a secret is in none of them. `withSharedMemory: false` leaves out the -shm index,
    /// which every reader updates and which holds no data, for checks that nothing stored changed.
    public static func bytes(at path: String, withSharedMemory: Bool = true) throws -> Data {
        var bytes = Data()
        for suffix in withSharedMemory ? ["", "-wal", "-shm"] : ["", "-wal"]
        where FileManager.default.fileExists(atPath: path + suffix) {
            bytes.append(try Data(contentsOf: URL(fileURLWithPath: path + suffix)))
        }
        return bytes
    }

    /// Damages the store's main file past its 100-byte header (every fifth byte
    /// overwritten): SQLite still opens it, and reading the schema or any page fails.
    /// Checkpoint the store first (`store vacuum`) so that the WAL holds nothing.
    /// Returns the damaged bytes, for checks that nothing repaired or replaced them.
    @discardableResult
    public static func damage(at path: String) throws -> Data {
        let url = URL(fileURLWithPath: path)
        var bytes = try Data(contentsOf: url)
        for index in stride(from: 100, to: bytes.count, by: 5) { bytes[index] = 0xA5 }
        try bytes.write(to: url)
        return bytes
    }
}
