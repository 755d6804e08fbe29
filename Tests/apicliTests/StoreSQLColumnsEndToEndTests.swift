import Foundation
import Testing
import TestSupport

/// `store sql` shows what SQLite returns, all of it (issue 23, items 8, 9 and 13): every
/// column in order whatever its name, every row of a long result in every format, and a
/// read-only WAL store without `-wal`/`-shm` reads as `store info` reads it.
@Suite("store sql columns, rows and read-only stores, end to end")
struct StoreSQLColumnsEndToEndTests {
    /// Two columns named `a`, one with `:` in its name, one with no name, one each with `|`, `{`, `}`.
    static let awkward = #"SELECT 1 AS a, 2 AS a, strftime('%H:%M', 0), 3 AS "", 'p|q' AS "x|y", 5 AS "{z}", 6 AS a_2"#

    @Test("every column, in order, in every format; a repeated name gets a suffix in JSON, both kept in table and CSV")
    func everyColumn() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        #expect(try await sandbox.run(["weather", "Rostov"]).exitCode == 0)
        let before = StoreSQLEndToEndTests.data(sandbox)
        func run(_ format: String) async throws -> String {
            let result = try await sandbox.run(["store", "sql", Self.awkward, "--format", format])
            #expect(result.exitCode == 0, "\(format): \(result.stderrText)")
            #expect(result.stderr.isEmpty, "\(format)")
            return result.stdoutText
        }
        #expect(try await run("csv") == "a,a,\"strftime('%H:%M', 0)\",,x|y,{z},a_2\r\n1,2,12:00,3,p|q,5,6\r\n")
        #expect(try await run("table") == "a  a  strftime('%H:%M', 0)     x|y  {z}  a_2\n1  2  12:00                 3  p|q    5    6\n")
        #expect(try await run("line") == "1\t2\t12:00\t3\tp|q\t5\t6\n")
        // The second `a` takes `a_3`, since a column is already named `a_2`.
        #expect(try await run("ndjson") == #"{"a":1,"a_3":2,"strftime('%H:%M', 0)":"12:00","":3,"x|y":"p|q","{z}":5,"a_2":6}"# + "\n")
        let json = try await run("json")
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]).first?.keys.sorted()
        #expect(keys == ["", "a", "a_2", "a_3", "strftime('%H:%M', 0)", "x|y", "{z}"])
        // The suffixed names are what --fields and --template take.
        let fields = try await sandbox.run(["store", "sql", Self.awkward, "--format", "csv", "--fields", "a_3,a"])
        #expect(fields.stdoutText == "a_3,a\r\n2,1\r\n")
        let template = try await sandbox.run(["store", "sql", Self.awkward, "--template", "{a}-{a_3}-{a_2}"])
        #expect(template.stdoutText == "1-2-6\n")
        #expect(StoreSQLEndToEndTests.data(sandbox) == before)
    }

    @Test("a result longer than the table's measured rows: every row, in every format, the same columns throughout")
    func longResult() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        #expect(try await sandbox.run(["weather", "Rostov"]).exitCode == 0)
        let count = 2_500
        let sql = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count)) "
            + "SELECT i, 'row ' || i AS label FROM n"
        let table = try await sandbox.run(["store", "sql", sql])
        let lines = table.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == count + 1)
        #expect(lines.first == "   i  label")
        // Row 2,500 comes after the 1,000 measured rows and keeps their layout.
        #expect(lines.last == "2500  row 2500")
        let expected: [String] = (1...count).map { number in
            let digits = String(number)
            return String(repeating: " ", count: 4 - digits.count) + digits + "  row " + digits
        }
        #expect(lines.dropFirst().map(String.init) == expected)
        let csv = try await sandbox.run(["store", "sql", sql, "--format", "csv"])
        #expect(csv.stdoutText.components(separatedBy: "\r\n").dropLast() == ["i,label"] + (1...count).map { "\($0),row \($0)" })
        let ndjson = try await sandbox.run(["store", "sql", sql, "--format", "ndjson"])
        #expect(ndjson.stdoutText.split(separator: "\n").map(String.init) == (1...count).map { #"{"i":\#($0),"label":"row \#($0)"}"# })
        let json = try await sandbox.run(["store", "sql", sql, "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
        #expect(rows.count == count)
        #expect((rows.last?["i"] as? NSNumber)?.intValue == count)
        let line = try await sandbox.run(["store", "sql", sql, "--format", "line"])
        #expect(line.stdoutText.split(separator: "\n").count == count)
    }

    @Test("a read-only WAL store with no -wal or -shm, in a folder that cannot be written: store sql, schema and info read it, PRAGMA journal_mode runs")
    func readOnlyWALStore() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        #expect(try await sandbox.run(["weather", "Rostov"]).exitCode == 0)
        // Vacuuming copies the WAL into the file and empties it; then the -wal and -shm can go.
        #expect(try await sandbox.run(["store", "vacuum"]).exitCode == 0)
        #expect(FileManager.default.contents(atPath: sandbox.databasePath + "-wal")?.isEmpty ?? true)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: sandbox.databasePath + suffix) }
        let stored = try sandbox.count("weather_entries")
        #expect(stored > 0)
        let before = try sandbox.databaseBytes()
        let count = try await sandbox.runWithoutWriteAccess(["store", "sql", "SELECT COUNT(*) AS n FROM weather_entries", "--format", "csv"])
        #expect(count.exitCode == 0, "\(count.stderrText)")
        #expect(count.stdoutText == "n\r\n\(stored)\r\n")
        let mode = try await sandbox.runWithoutWriteAccess(["store", "sql", "PRAGMA journal_mode", "--format", "csv"])
        #expect(mode.exitCode == 0, "\(mode.stderrText)")
        // Read as immutable (no -shm can be made), SQLite reports the mode it reads in.
        #expect(mode.stdoutText.hasPrefix("journal_mode\r\n"))
        let schema = try await sandbox.runWithoutWriteAccess(["store", "schema"])
        #expect(schema.exitCode == 0, "\(schema.stderrText)")
        let info = try await sandbox.runWithoutWriteAccess(["store", "info"])
        #expect(info.exitCode == 0, "\(info.stderrText)")
        #expect(try sandbox.databaseBytes() == before)
        for suffix in ["-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath + suffix))
        }
    }
}
