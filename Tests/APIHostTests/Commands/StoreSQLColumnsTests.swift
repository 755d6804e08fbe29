import APIHost
import Foundation
import Testing
import TestSupport

/// `store sql` shows what SQLite returns, all of it, in-process:
/// every column in order whatever its name, and every row of a long result in every format.
/// (These were two of the binary's `StoreSQLColumnsEndToEndTests`; the read-only WAL store
/// stays there, since it needs apicli to run as another user.)
@Suite("store sql columns and rows, in-process")
struct StoreSQLColumnsTests {
    /// Two columns named `a`, one with `:` in its name, one with no name, one each with `|`, `{`, `}`.
    static let awkward = #"SELECT 1 AS a, 2 AS a, strftime('%H:%M', 0), 3 AS "", 'p|q' AS "x|y", 5 AS "{z}", 6 AS a_2"#

    @Test("every column, in order, in every format; a repeated name gets a suffix in JSON, both kept in table and CSV")
    func everyColumn() async throws {
        let host = try await StoreSQLTests.filled()
        let before = (try host.storeBytes(withSharedMemory: false))
        func run(_ format: String) async -> String {
            let run = await host.run(["store", "sql", Self.awkward, "--format", format])
            #expect(run.code == .success, "\(format): \(run.stderr)")
            #expect(run.stderr.isEmpty, "\(format)")
            return run.stdout
        }
        #expect(await run("csv") == "a,a,\"strftime('%H:%M', 0)\",,x|y,{z},a_2\r\n1,2,12:00,3,p|q,5,6\r\n")
        #expect(await run("table") == "a  a  strftime('%H:%M', 0)     x|y  {z}  a_2\n1  2  12:00                 3  p|q    5    6\n")
        #expect(await run("line") == "1\t2\t12:00\t3\tp|q\t5\t6\n")
        // The second `a` takes `a_3`, since a column is already named `a_2`.
        #expect(await run("ndjson") == #"{"a":1,"a_3":2,"strftime('%H:%M', 0)":"12:00","":3,"x|y":"p|q","{z}":5,"a_2":6}"# + "\n")
        let json = await run("json")
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]).first?.keys.sorted()
        #expect(keys == ["", "a", "a_2", "a_3", "strftime('%H:%M', 0)", "x|y", "{z}"])
        // The suffixed names are what --fields and --template take.
        let fields = await host.run(["store", "sql", Self.awkward, "--format", "csv", "--fields", "a_3,a"])
        #expect(fields.stdout == "a_3,a\r\n2,1\r\n")
        let template = await host.run(["store", "sql", Self.awkward, "--template", "{a}-{a_3}-{a_2}"])
        #expect(template.stdout == "1-2-6\n")
        #expect((try host.storeBytes(withSharedMemory: false)) == before)
    }

    @Test("a result longer than the table's measured rows: every row, in every format, the same columns throughout")
    func longResult() async throws {
        let host = try await StoreSQLTests.filled()
        let count = 2_500
        let sql = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count)) "
            + "SELECT i, 'row ' || i AS label FROM n"
        let table = await host.run(["store", "sql", sql])
        let lines = table.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == count + 1)
        #expect(lines.first == "   i  label")
        // Row 2,500 comes after the 1,000 measured rows and keeps their layout.
        #expect(lines.last == "2500  row 2500")
        let expected: [String] = (1...count).map { number in
            let digits = String(number)
            return String(repeating: " ", count: 4 - digits.count) + digits + "  row " + digits
        }
        #expect(lines.dropFirst().map(String.init) == expected)
        let csv = await host.run(["store", "sql", sql, "--format", "csv"])
        #expect(csv.stdout.components(separatedBy: "\r\n").dropLast() == ["i,label"] + (1...count).map { "\($0),row \($0)" })
        let ndjson = await host.run(["store", "sql", sql, "--format", "ndjson"])
        #expect(ndjson.stdout.split(separator: "\n").map(String.init) == (1...count).map { #"{"i":\#($0),"label":"row \#($0)"}"# })
        let json = await host.run(["store", "sql", sql, "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == count)
        #expect((rows.last?["i"] as? NSNumber)?.intValue == count)
        let line = await host.run(["store", "sql", sql, "--format", "line"])
        #expect(line.stdout.split(separator: "\n").count == count)
    }
}
