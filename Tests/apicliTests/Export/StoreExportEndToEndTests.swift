import APIStore
import Foundation
import Testing
import TestSupport

/// `apicli store export` run as a process on a store filled through the loopback fixtures
/// (an NYT search and a forecast): each form holds every item once, in its latest version as
/// the store's versions views have it; errors are one line with their exit codes; a reader
/// that goes away ends it quietly; and a file is written whole or not at all.
@Suite("store export, end to end")
struct StoreExportEndToEndTests {
    static func filled() async throws -> Sandbox {
        let (sandbox, _) = try Sandbox.withFixtures()
        let nyt = try await sandbox.run(["nyt", "election"])
        #expect(nyt.exitCode == 0, "\(nyt.stderrText)")
        let weather = try await sandbox.run(["weather", "Rostov"])
        #expect(weather.exitCode == 0, "\(weather.stderrText)")
        return sandbox
    }

    /// One exported row, as the test reads it back from any form.
    struct Item: Hashable {
        var provider: String
        var id: String
        var fetchedAt: String
        var hash: String
        var query: String?
        /// The content re-serialised with sorted keys, so two spellings of one document compare equal.
        var content: String
    }

    static func canonical(_ json: Data) throws -> String {
        let object = try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    }

    /// Each item's latest version as the versions views hold it (the export's source, read directly).
    static func storedLatest(_ sandbox: Sandbox) throws -> Set<Item> {
        var items = Set<Item>()
        for provider in ["nyt", "weather"] {
            let rows = try sandbox.rows(
                "SELECT item, max(fetched_at) AS at, hash, query, content FROM \(provider)_versions GROUP BY item")
            for row in rows {
                let seconds = try #require(row["at"].double)
                let hash = UInt64(bitPattern: try #require(row["hash"].int64))
                items.insert(Item(
                    provider: provider, id: try #require(row["item"].string),
                    fetchedAt: ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds.rounded(.down))),
                    hash: String(format: "%016llx", hash), query: row["query"].string,
                    content: try canonical(Data(try #require(row["content"].string).utf8))))
            }
        }
        return items
    }

    static func ndjsonItems(_ text: String) throws -> [Item] {
        try text.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object.keys.sorted() == ["content", "fetched_at", "hash", "id", "provider", "query"])
            let content = try #require(object["content"])
            return Item(
                provider: try #require(object["provider"] as? String), id: try #require(object["id"] as? String),
                fetchedAt: try #require(object["fetched_at"] as? String), hash: try #require(object["hash"] as? String),
                query: object["query"] as? String,
                content: try canonical(try JSONSerialization.data(withJSONObject: content, options: [.fragmentsAllowed])))
        }
    }

    @Test("NDJSON: one line per item, every provider's, in its latest version, fields in order")
    func ndjsonHoldsEachItemOnce() async throws {
        let sandbox = try await Self.filled()
        let result = try await sandbox.run(["store", "export"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stderrText.isEmpty)
        #expect(result.stdoutText.split(separator: "\n").allSatisfy { $0.hasPrefix(#"{"provider":"#) })
        #expect(result.stdoutText.split(separator: "\n").allSatisfy { $0.contains(#","id":"#) && $0.contains(#","content":"#) })
        let items = try Self.ndjsonItems(result.stdoutText)
        let stored = try Self.storedLatest(sandbox)
        #expect(items.count == stored.count)
        #expect(Set(items) == stored)
        #expect(Set(items.map(\.provider)) == ["nyt", "weather"])
        #expect(stored.count > 10)
    }

    @Test("an item with three versions is exported in its latest, whatever order they were written in")
    func latestVersionWins() async throws {
        let sandbox = try await Self.filled()
        let id = try #require(try sandbox.rows("SELECT item FROM nyt_versions LIMIT 1").first?["item"].string)
        let at = try #require(try sandbox.rows("SELECT max(fetched_at) FROM nyt_versions").first?[0].double)
        // Written after the fetch: a newer version, then an older one (two processes' fetches commit out of order).
        _ = try Store(path: sandbox.databasePath).write { tx in
            for (offset, headline) in [(3600.0, "newest"), (-86_400.0, "oldest")] {
                try tx.execute(
                    "INSERT INTO nyt_article_versions (article_id, fetched_at, hash, query_key, content) VALUES (?, ?, 1, NULL, ?)",
                    [.text(id), .real(at + offset), .text(#"{"headline":"\#(headline)"}"#)])
            }
        }
        let items = try Self.ndjsonItems(try await sandbox.run(["store", "export", "nyt"]).stdoutText)
        #expect(items.filter { $0.id == id }.map(\.content) == [#"{"headline":"newest"}"#])
        let versions = try Self.ndjsonItems(try await sandbox.run(["store", "export", "nyt", "--versions"]).stdoutText)
        let mine = versions.filter { $0.id == id }
        #expect(mine.count == 3 && mine.first?.content == #"{"headline":"oldest"}"# && mine.last?.content == #"{"headline":"newest"}"#)
        #expect(mine.map(\.fetchedAt) == mine.map(\.fetchedAt).sorted())
    }

    @Test("--versions gives every version, --since only what was fetched then or later, PROVIDER its items only")
    func versionsSinceAndProvider() async throws {
        let sandbox = try await Self.filled()
        let versions = try await sandbox.run(["store", "export", "--versions"])
        #expect(versions.exitCode == 0, "\(versions.stderrText)")
        let stored = try sandbox.count("nyt_versions") + sandbox.count("weather_versions")
        #expect(versions.stdoutText.split(separator: "\n").count == stored)

        let future = try await sandbox.run(["store", "export", "--since", "2100-01-01"])
        #expect(future.exitCode == 0 && future.stdoutText.isEmpty, "\(future.stderrText)")
        let all = try await sandbox.run(["store", "export", "--since", "2000-01-01T00:00+02:00"])
        #expect(try Set(Self.ndjsonItems(all.stdoutText)) == Self.storedLatest(sandbox))

        let nyt = try await sandbox.run(["store", "export", "nyt", "--format", "ndjson"])
        let items = try Self.ndjsonItems(nyt.stdoutText)
        #expect(!items.isEmpty && items.allSatisfy { $0.provider == "nyt" })
        #expect(Set(items) == Set(try Self.storedLatest(sandbox).filter { $0.provider == "nyt" }))
    }

    @Test("CSV: the NDJSON keys as its header, the same rows, the content a JSON cell")
    func csvHoldsTheSameRows() async throws {
        let sandbox = try await Self.filled()
        let result = try await sandbox.run(["store", "export", "--format", "csv"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let records = CSVRecords.parse(result.stdoutText)
        #expect(records.first == ["provider", "id", "fetched_at", "hash", "query", "content"])
        let items = try records.dropFirst().map { cells in
            Item(provider: cells[0], id: cells[1], fetchedAt: cells[2], hash: cells[3], query: cells[4].isEmpty ? nil : cells[4],
                 content: try Self.canonical(Data(cells[5].utf8)))
        }
        #expect(Set(items) == (try Self.storedLatest(sandbox)))
    }

    @Test("sqlite: a plain SQLite file whose items table holds the same rows; no apicli store, no journal left")
    func sqliteFileHoldsTheSameRows() async throws {
        let sandbox = try await Self.filled()
        let folder = try TemporaryDirectory(prefix: "apicli-export")
        let path = folder.path("items.sqlite3")
        let result = try await sandbox.run(["store", "export", "--format", "sqlite", "--output", path, "--versions"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stderrText.hasPrefix("apicli: exported "))
        let file = try Store(path: path, readOnly: true)
        let rows = try file.read { try $0.query("SELECT provider, id, fetched_at, hash, query, content FROM items") }
        let items = try rows.map { row in
            Item(provider: row["provider"].string ?? "", id: row["id"].string ?? "", fetchedAt: row["fetched_at"].string ?? "",
                 hash: row["hash"].string ?? "", query: row["query"].string, content: try Self.canonical(Data((row["content"].string ?? "").utf8)))
        }
        #expect(Set(items) == (try Self.storedLatest(sandbox)))
        #expect(items.count == Set(items).count)
        let versions = try file.read { try $0.queryOne("SELECT COUNT(*) FROM versions")?[0].int }
        #expect(versions == (try sandbox.count("nyt_versions") + sandbox.count("weather_versions")))
        let tables = try file.read { try $0.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0[0].string } }
        #expect(tables == ["items", "versions"])
        // The header's write and read versions: 1 is a rollback journal's file, 2 a WAL one's.
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(20)
        #expect(header.count == 20 && header[18] == 1 && header[19] == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("")) == ["items.sqlite3"])
    }

    @Test("mistakes are one line with their exit code, and no file is made", arguments: [
        (["store", "export", "nytt"], 64, "unknown provider 'nytt'; did you mean 'nyt'?"),
        (["store", "export", "--since", "yesterday"], 64, "--since takes a time like"),
        (["store", "export", "--format", "sqlite"], 64, "--format sqlite writes a database file: give --output FILE"),
        (["store", "export", "--format", "table"], 64, "--format must be one of ndjson, csv, sqlite, not 'table'"),
        (["store", "export", "--json"], 64, "store export writes ndjson, csv or sqlite"),
        (["store", "export", "nyt", "weather"], 64, "usage: apicli store export"),
        (["store", "export", "--output", "missing/items.ndjson"], 74, "could not write missing/items.ndjson: No such file or directory"),
        (["store", "export", "-f", "sqlite", "-o", "missing/items.sqlite3"], 74, "could not write missing/items.sqlite3: No such file or directory"),
    ])
    func mistakes(arguments: [String], code: Int32, message: String) async throws {
        let sandbox = try await Self.filled()
        let result = try await sandbox.run(arguments)
        #expect(result.exitCode == code, "\(result.stderrText)")
        #expect(result.stdoutText.isEmpty)
        #expect(result.stderrText.hasPrefix("apicli: error: ") && result.stderrText.contains(message), "\(result.stderrText)")
        #expect(result.stderrText.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.path("missing")))
    }

    @Test("a reader that goes away ends the export quietly (exit 0, nothing on stderr)", arguments: ["", "--format csv", "--versions"])
    func closedPipe(options: String) async throws {
        let sandbox = try await Self.filled()
        let environment = sandbox.environment().merging(["APICLI": try ProcessRunner.apicliExecutable().path]) { $1 }
        for reader in ["{ exec 0<&-; sleep 1; }", "head -1"] {
            let script = "set -o pipefail; \"$APICLI\" store export \(options) | \(reader); echo \"exit $?\""
            let result = try await ProcessRunner.run(
                executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", script], environment: environment)
            #expect(result.stdoutText.hasSuffix("exit 0\n"), "\(reader): \(result.stdoutText) \(result.stderrText)")
            #expect(result.stderrText.isEmpty, "\(reader): \(result.stderrText)")
        }
    }

    @Test("an export that fails part-way (a file-size limit) leaves the earlier file as it was and no other", arguments: ["ndjson", "sqlite"])
    func failedExportLeavesTheEarlierFile(format: String) async throws {
        let sandbox = try await Self.filled()
        let folder = try TemporaryDirectory(prefix: "apicli-export")
        let path = folder.path("items.\(format)")
        let earlier = Data("an earlier export\n".utf8)
        try earlier.write(to: URL(fileURLWithPath: path))
        var environment = sandbox.environment()
        environment["APICLI"] = try ProcessRunner.apicliExecutable().path
        // 8 KiB: more than the earlier file, less than the export of every version.
        let script = "ulimit -f 8; \"$APICLI\" store export --versions --format \(format) --output '\(path)'; echo \"exit $?\""
        let result = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", script], environment: environment)
        #expect(result.stdoutText == "exit 74\n", "\(result.stderrText)")
        #expect(result.stderrText.hasPrefix("apicli: error: could not write \(path): "), "\(result.stderrText)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == earlier)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("")) == ["items.\(format)"])
    }

    @Test("Ctrl-C during an export to a file: exit 130, no file and no temporary file left")
    func interruptLeavesNoFile() async throws {
        let sandbox = try await Self.filled()
        // Enough versions that the export is still writing when it is interrupted.
        _ = try Store(path: sandbox.databasePath).write { tx in
            try tx.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500000)
                INSERT INTO nyt_article_versions (article_id, fetched_at, hash, query_key, content)
                SELECT 'test://' || i, i, i, NULL, json_object('headline', 'item ' || i) FROM n
                """)
        }
        let folder = try TemporaryDirectory(prefix: "apicli-export")
        let process = Process()
        process.executableURL = try ProcessRunner.apicliExecutable()
        process.arguments = ["store", "export", "--format", "sqlite", "--output", folder.path("items.sqlite3")]
        process.environment = sandbox.environment()
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        // Once it catches SIGINT, which it does only while rows are written.
        let deadline = ContinuousClock.now + .seconds(30)
        while !StoreSQLEndToEndTests.catchesInterrupt(process.processIdentifier) && process.isRunning && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(process.isRunning, "the export ended before it could be interrupted")
        process.interrupt()
        let end = ContinuousClock.now + .seconds(10)
        while process.isRunning && ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self).contains("export interrupted"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("")) == [])
    }
}

/// RFC 4180 records, for reading an export back.
enum CSVRecords {
    static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text.unicodeScalars)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        field.unicodeScalars.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                record.append(field)
                field = ""
            } else if character == "\r" {
                continue
            } else if character == "\n" {
                record.append(field)
                records.append(record)
                record = []
                field = ""
            } else {
                field.unicodeScalars.append(character)
            }
        }
        return records
    }
}
