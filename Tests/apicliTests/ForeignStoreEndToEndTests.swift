import Foundation
import Testing
import TestSupport

/// What is not an apicli store is not touched (issue 23, items 1 and 2; issue 22, item 7):
/// another program's SQLite file, a FIFO, a folder or a device as the store is refused by
/// every command with one line and exit 78, and no byte of it, nor any file beside it, changes.
@Suite("Paths that are not apicli stores, end to end")
struct ForeignStoreEndToEndTests {
    /// Every command that opens the store, reading or writing.
    static func everyCommand(_ path: String) -> [[String]] {
        [
            ["weather", "Rostov", "--db", path], ["weather", "Rostov", "--offline", "--db", path],
            ["nyt", "election", "--db", path], ["store", "info", "--db", path], ["store", "check", "--db", path],
            ["store", "clear", "--db", path], ["store", "clear", "nyt", "--db", path], ["store", "vacuum", "--db", path],
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

    /// Writes an SQLite file with `sqlite3` in the rollback or the WAL journal mode.
    static func foreignDatabase(at path: String, wal: Bool) async throws {
        let script = (wal ? "PRAGMA journal_mode=WAL;" : "")
            + "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me'), ('and me');"
        let result = try await ProcessRunner.run(executable: URL(fileURLWithPath: "/usr/bin/sqlite3"), arguments: [path, script])
        #expect(result.exitCode == 0, "\(result.stderrText)")
    }

    @Test("another program's SQLite file (rollback or WAL journal): 78 from every command, every file unchanged", arguments: [false, true])
    func foreignDatabase(wal: Bool) async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let folder = try sandbox.home.makeDirectory("other-program").path
        let path = folder + "/notes.sqlite3"
        try await Self.foreignDatabase(at: path, wal: wal)
        let before = try Self.files(in: folder)
        #expect(before.keys.sorted() == ["notes.sqlite3"])
        for arguments in Self.everyCommand(path) {
            let result = try await sandbox.run(arguments)
            #expect(result.exitCode == 78, "\(arguments): \(result.stderrText)")
            #expect(
                result.stderrText == "apicli: error: the store at \(path) is another program's SQLite database (it has tables "
                    + "of its own and no apicli schema); it was left unchanged: use --db or APICLI_DB to name an apicli store\n",
                "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(try Self.files(in: folder) == before, "\(arguments) changed a file")
        }
        #expect(fixtures.requests.isEmpty)
    }

    @Test("a FIFO, a folder, /dev/null and /dev/zero as the store: 78 at once, one line, nothing created")
    func notARegularFile() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let fifo = sandbox.home.path("a-fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let folder = try sandbox.home.makeDirectory("a-folder").path
        let journalExisted = FileManager.default.fileExists(atPath: "/dev/null-journal")
        let cases = [(fifo, "a FIFO (named pipe)"), (folder, "a folder"), ("/dev/null", "a character device"), ("/dev/zero", "a character device")]
        for (path, kind) in cases {
            for arguments in Self.everyCommand(path) {
                // A FIFO used to block every command for ever: a short timeout shows it no longer does.
                let result = try await sandbox.run(arguments, timeout: .seconds(10))
                #expect(result.exitCode == 78, "\(arguments): \(result.stderrText)")
                #expect(
                    result.stderrText == "apicli: error: the store at \(path) is \(kind), not a database file; use --db or APICLI_DB to name a file\n",
                    "\(arguments)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        let beside = try FileManager.default.contentsOfDirectory(atPath: sandbox.home.path("")).filter { $0.hasPrefix("a-fifo") }
        #expect(beside == ["a-fifo"])
        if !journalExisted { #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal")) }
        #expect(fixtures.requests.isEmpty)
    }

    @Test("store info, check, sql and schema on a path with no store: 66, and nothing is created")
    func readingCreatesNothing() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let folder = try sandbox.home.makeDirectory("empty").path
        let path = folder + "/apicli.sqlite3"
        for arguments in [["store", "info"], ["store", "check"], ["store", "sql", "SELECT 1"], ["store", "schema"], ["store", "clear"], ["store", "vacuum"]] {
            let result = try await sandbox.run(arguments + ["--db", path])
            #expect(result.exitCode == 66, "\(arguments): \(result.stderrText)")
            #expect(result.stderrText == "apicli: error: no store at \(path); fetch something first\n", "\(arguments)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "\(arguments)")
        }
        // The default location too: its folder is not made by reading.
        let info = try await sandbox.run(["store", "info"])
        #expect(info.exitCode == 66)
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.path("data/apicli")))
        // An empty file is no store either, and stays empty.
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let empty = try await sandbox.run(["store", "info", "--db", path])
        #expect(empty.exitCode == 66)
        #expect(empty.stderrText == "apicli: error: the store at \(path) is empty; fetch something first\n")
        #expect(try Self.files(in: folder) == ["apicli.sqlite3": Data()])
    }

    @Test("store info and check leave an apicli store as it was: same bytes, same journal mode, no migrations run")
    func readingChangesNothing() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        #expect(try await sandbox.run(["weather", "Rostov"]).exitCode == 0)
        #expect(try await sandbox.run(["store", "vacuum"]).exitCode == 0)
        let url = URL(fileURLWithPath: sandbox.databasePath)
        let before = try Data(contentsOf: url)
        for arguments in [["store", "info"], ["store", "check"], ["store", "sql", "SELECT COUNT(*) FROM weather_entries"], ["store", "schema"]] {
            let result = try await sandbox.run(arguments)
            #expect(result.exitCode == 0, "\(arguments): \(result.stderrText)")
            #expect(try Data(contentsOf: url) == before, "\(arguments) changed the store")
        }
        let wal = FileManager.default.contents(atPath: sandbox.databasePath + "-wal") ?? Data()
        #expect(wal.isEmpty, "a reader wrote \(wal.count) bytes of WAL")
    }

    @Test("--db or APICLI_DB in a folder that does not exist: 78 naming it, nothing created, nothing sent; the default folder is made")
    func namedStoreInMissingFolder() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let path = sandbox.home.path("no-such-folder/apicli.sqlite3")
        let message = "apicli: error: the folder \(sandbox.home.path("no-such-folder")) of the store at \(path) does not exist; "
            + "create it, or name another file with --db or APICLI_DB\n"
        let flag = try await sandbox.run(["weather", "Rostov", "--db", path])
        let variable = try await sandbox.run(["weather", "Rostov"], set: ["APICLI_DB": path])
        for result in [flag, variable] {
            #expect(result.exitCode == 78, "\(result.stderrText)")
            #expect(result.stderrText == message)
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.path("no-such-folder")))
        #expect(fixtures.requests.isEmpty)
        let fetched = try await sandbox.run(["weather", "Rostov"])
        #expect(fetched.exitCode == 0, "\(fetched.stderrText)")
        #expect(FileManager.default.fileExists(atPath: sandbox.databasePath))
    }
}
