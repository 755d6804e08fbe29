import APIHost
import Foundation
import Testing
import TestSupport

/// What is not an apicli store is not touched, in-process: another program's SQLite file,
/// a FIFO, a folder or a device as the store is refused by every command with one line and
/// exit 78, and no byte of it, nor any file beside it, changes. A stub provider stands for
/// NYT and Weather.
@Suite("Paths that are not apicli stores, in-process")
struct ForeignStoreTests {
    static func host() throws -> InProcessHost {
        try InProcessHost(sources: [.compiled([StubProvider()])]) { _, _ in
            InProcessHost.json(#"[{"id": "r1", "title": "First"}]"#)
        }
    }

    /// Every command that opens the store, reading or writing.
    static func everyCommand(_ path: String) -> [[String]] {
        [
            ["stub", "election", "--db", path], ["stub", "election", "--offline", "--db", path],
            ["store", "info", "--db", path], ["store", "check", "--db", path],
            ["store", "clear", "--db", path], ["store", "clear", "stub", "--db", path], ["store", "vacuum", "--db", path],
            ["store", "sql", "SELECT 1", "--db", path], ["store", "schema", "--db", path],
        ]
    }

    /// The names and bytes of every file in `folder`, to compare before and after.
    static func files(in folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return files
    }

    /// SQLite files other programs make, each written by the `sqlite3` shell: what each holds, and the script.
    /// None is an apicli store, though some have what a weaker test took for one (a table named
    /// `apicli_migrations`) or for a blank file (no table at all).
    static let foreignFiles: [(name: String, script: String)] = [
        ("a table of notes, rollback journal",
         "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me'), ('and me');"),
        ("a table of notes, WAL journal",
         "PRAGMA journal_mode=WAL; CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me');"),
        ("a table that happens to be named apicli_migrations",
         "CREATE TABLE apicli_migrations (id INTEGER PRIMARY KEY, step TEXT); INSERT INTO apicli_migrations (step) VALUES ('init');"
             + " CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');"),
        ("only a view", "CREATE VIEW answer AS SELECT 42 AS value;"),
        ("only a user_version", "PRAGMA user_version = 7;"),
        ("only another application's id", "PRAGMA application_id = 1234;"),
        ("an app's database: tables, an index, a trigger, rows",
         "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, updated REAL); CREATE INDEX items_name ON items (name);"
             + " CREATE TABLE log (at REAL, what TEXT);"
             + " CREATE TRIGGER items_log AFTER INSERT ON items BEGIN INSERT INTO log VALUES (0, new.name); END;"
             + " INSERT INTO items (name, updated) VALUES ('a', 1.5), ('b', 2.5);"),
    ]

    @Test(
        "another program's SQLite file: 78 from every command, one line, its bytes unchanged, no -wal or -shm beside it",
        .needs("sqlite3"), arguments: 0..<7)
    func foreignDatabase(_ index: Int) async throws {
        let (name, script) = Self.foreignFiles[index]
        let host = try Self.host()
        let folder = try host.directory.makeDirectory("other-program").path
        let path = folder + "/notes.sqlite3"
        try SQLiteShell.run(path, script)
        // Bytes compared whole (so the hash is the same), and the folder's names: no -wal, -shm or -journal appears.
        let before = try Self.files(in: folder)
        #expect(before.keys.sorted() == ["notes.sqlite3"], "\(name)")
        for words in Self.everyCommand(path) {
            let run = await host.run(words)
            #expect(run.code == .configuration, "\(name), \(words): \(run.stderr)")
            #expect(run.isOneErrorLine, "\(name), \(words): \(run.stderr)")
            #expect(run.stderr.contains("the store at \(path) is another program's SQLite database"), "\(name), \(words): \(run.stderr)")
            #expect(run.stderr.contains("it was left unchanged"), "\(name), \(words)")
            #expect(run.stdout.isEmpty)
            #expect(try Self.files(in: folder) == before, "\(name): \(words) changed a file")
        }
        #expect(host.transport.requests.isEmpty)
    }

    /// A FIFO used to block every command for ever: the time limit shows it no longer does.
    @Test("a FIFO, a folder, /dev/null and /dev/zero as the store: 78 at once, one line, nothing created", .timeLimit(.minutes(1)))
    func notARegularFile() async throws {
        let host = try Self.host()
        let fifo = host.directory.path("a-fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let folder = try host.directory.makeDirectory("a-folder").path
        let journalExisted = FileManager.default.fileExists(atPath: "/dev/null-journal")
        let cases = [(fifo, "a FIFO (named pipe)"), (folder, "a folder"), ("/dev/null", "a character device"), ("/dev/zero", "a character device")]
        for (path, kind) in cases {
            for words in Self.everyCommand(path) {
                let run = await host.run(words)
                #expect(run.code == .configuration, "\(words): \(run.stderr)")
                #expect(run.isOneErrorLine, "\(words): \(run.stderr)")
                #expect(run.stderr.contains("the store at \(path) is \(kind), not a database file"), "\(words): \(run.stderr)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        let beside = try FileManager.default.contentsOfDirectory(atPath: host.directory.path()).filter { $0.hasPrefix("a-fifo") }
        #expect(beside == ["a-fifo"])
        if !journalExisted { #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal")) }
        #expect(host.transport.requests.isEmpty)
    }

    @Test("store info, check, sql and schema on a path with no store: 66, and nothing is created")
    func readingCreatesNothing() async throws {
        let host = try Self.host()
        let folder = try host.directory.makeDirectory("empty").path
        let path = folder + "/apicli.sqlite3"
        for words in [["store", "info"], ["store", "check"], ["store", "sql", "SELECT 1"], ["store", "schema"], ["store", "clear"], ["store", "vacuum"]] {
            let run = await host.run(words + ["--db", path])
            #expect(run.code == .noInput, "\(words): \(run.stderr)")
            #expect(run.isOneErrorLine, "\(words): \(run.stderr)")
            #expect(run.stderr.contains("no store at \(path); fetch something first"), "\(words): \(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "\(words)")
        }
        // The default location too (no APICLI_DB): its folder is not made by reading.
        let info = await host.run(["store", "info"]) { $0.variables["APICLI_DB"] = nil }
        #expect(info.code == .noInput, "\(info.stderr)")
        #expect(!FileManager.default.fileExists(atPath: host.directory.path("data/apicli")))
        // An empty file is no store either, and stays empty.
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let empty = await host.run(["store", "info", "--db", path])
        #expect(empty.code == .noInput)
        #expect(empty.stderr.contains("the store at \(path) is empty; fetch something first"), "\(empty.stderr)")
        #expect(try Self.files(in: folder) == ["apicli.sqlite3": Data()])
    }

    @Test("store info and check leave an apicli store as it was: same bytes, same journal mode, no migrations run")
    func readingChangesNothing() async throws {
        let host = try Self.host()
        #expect(await host.run(["stub", "election"]).code == .success)
        #expect(await host.run(["store", "vacuum"]).code == .success)
        let url = URL(fileURLWithPath: host.storePath)
        let before = try Data(contentsOf: url)
        for words in [["store", "info"], ["store", "check"], ["store", "sql", "SELECT COUNT(*) FROM stub_answers"], ["store", "schema"]] {
            let run = await host.run(words)
            #expect(run.code == .success, "\(words): \(run.stderr)")
            #expect(try Data(contentsOf: url) == before, "\(words) changed the store")
        }
        let wal = FileManager.default.contents(atPath: host.storePath + "-wal") ?? Data()
        #expect(wal.isEmpty, "a reader wrote \(wal.count) bytes of WAL")
    }

    @Test("--db or APICLI_DB in a folder that does not exist: 78 naming it, nothing created, nothing sent; the default folder is made")
    func namedStoreInMissingFolder() async throws {
        let host = try Self.host()
        let missing = host.directory.path("no-such-folder")
        let path = missing + "/apicli.sqlite3"
        let flag = await host.run(["stub", "election", "--db", path])
        let variable = await host.run(["stub", "election"], setting: ["APICLI_DB": path])
        for run in [flag, variable] {
            #expect(run.code == .configuration, "\(run.stderr)")
            #expect(run.isOneErrorLine, "\(run.stderr)")
            #expect(run.stderr.contains("the folder \(missing) of the store at \(path) does not exist"), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(host.transport.requests.isEmpty)
        let fetched = await host.run(["stub", "election"]) { $0.variables["APICLI_DB"] = nil }
        #expect(fetched.code == .success, "\(fetched.stderr)")
        #expect(FileManager.default.fileExists(atPath: host.directory.path("data/apicli/apicli.sqlite3")))
    }
}
