import Foundation
import Testing
@testable import APIStore

/// The allow-list of `store sql`'s pragmas and what runs are one list:
/// every reporting pragma it names runs, with no value; the same pragma with a value does not.
@Suite struct ReadOnlyPragmaTests {
    static func store(in folder: StoreDirectory) throws -> String {
        let path = folder.path()
        let store = try Store(path: path)
        try store.write { tx in
            try tx.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)")
            try tx.execute("CREATE INDEX t_name ON t (name)")
        }
        return path
    }

    @Test("every pragma on the reporting list runs without a value", arguments: ReadOnlyPragmas.reading.sorted())
    func readingPragmaRuns(name: String) throws {
        let folder = try StoreDirectory()
        let connection = try ReadOnlyConnection(path: try Self.store(in: folder))
        // Runs (a refusal throws) and reports at least one column.
        try connection.query("PRAGMA \(name)") { _, _ in }
        #expect(try connection.columns("PRAGMA \(name)").count > 0)
        if name == "journal_mode" {
            var mode: SQLValue?
            try connection.query("PRAGMA journal_mode") { _, values in mode = values.first }
            #expect(mode == .text("wal"))
        }
    }

    @Test("every pragma that reports on a table or index runs with its name", arguments: ReadOnlyPragmas.reportingOn.sorted())
    func reportingOnPragmaRuns(name: String) throws {
        let folder = try StoreDirectory()
        let connection = try ReadOnlyConnection(path: try Self.store(in: folder))
        let argument = name.hasPrefix("index_info") || name.hasPrefix("index_xinfo") ? "t_name" : "t"
        try connection.query("PRAGMA \(name)(\(argument))") { _, _ in }
        #expect(try connection.columns("PRAGMA \(name)(\(argument))").count > 0)
    }

    @Test("the same pragmas with a value are refused, and the file is unchanged", arguments: ["journal_mode = DELETE", "user_version = 3", "query_only = 0", "foreign_keys = 0", "page_size = 1024"])
    func settingIsRefused(pragma: String) throws {
        let folder = try StoreDirectory()
        let path = try Self.store(in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let connection = try ReadOnlyConnection(path: path)
        #expect(throws: StoreError.self) { try connection.query("PRAGMA \(pragma)") { _, _ in } }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
