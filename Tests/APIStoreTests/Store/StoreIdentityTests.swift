import Foundation
import Testing
import TestSupport
@testable import APIStore

/// What is an apicli store is decided before anything is written (``StoreIdentity``): the
/// look before an open (``StoreFileProbe``) and the open itself (`Store(path:)`, before it
/// switches the journal mode) agree, and the open of another program's file throws without
/// changing a byte or leaving a `-wal`, `-shm` or `-journal` beside it.
@Suite struct StoreIdentityTests {
    /// Scripts for the `sqlite3` shell, and what the probe finds.
    static let files: [(script: String, finding: StoreFileProbe.Finding)] = [
        ("CREATE TABLE apicli_migrations (id INTEGER PRIMARY KEY, step TEXT); CREATE TABLE notes (body TEXT);",
         .foreign(why: "its table apicli_migrations is not apicli's")),
        ("CREATE VIEW answer AS SELECT 42;", .foreign(why: "it holds a view, an index or a trigger of its own")),
        ("PRAGMA user_version = 7;", .foreign(why: "it holds no table, but its user_version is 7")),
        ("PRAGMA application_id = 1234;", .foreign(why: "its header names another application, application_id 1234")),
        ("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('x');",
         .foreign(why: "it has tables of its own and no apicli schema")),
        // An apicli older than the mark: its migrations table, unmarked.
        ("CREATE TABLE apicli_migrations (owner TEXT NOT NULL, version INTEGER NOT NULL, applied_at REAL NOT NULL, "
            + "PRIMARY KEY (owner, version)); CREATE TABLE kept (x);", .store),
        ("CREATE TABLE t (x); DROP TABLE t;", .blank),
    ]

    @Test("the probe and the open decide alike; a foreign file is left byte for byte as it was", .needs("sqlite3"),
          arguments: 0..<7)
    func decided(_ index: Int) throws {
        let (script, finding) = Self.files[index]
        let directory = try StoreDirectory()
        let path = directory.path("file.sqlite3")
        try SQLiteShell.run(path, script)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(StoreFileProbe.look(at: path) == finding, "\(script)")
        guard case let .foreign(why) = finding else {
            _ = try Store(path: path)
            return
        }
        #expect(throws: StoreError.foreign(path: path, why: why)) { _ = try Store(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(script)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["file.sqlite3"], "\(script)")
    }
}
