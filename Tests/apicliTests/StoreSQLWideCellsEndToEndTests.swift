import Foundation
import Testing
import TestSupport

/// `apicli store sql` over cells of tens of megabytes, and over `randomblob(1e9)`, in a process
/// with an address-space cap (`ulimit -v`): what one cell holds in memory is bounded, so a text
/// past the bound is printed cut with a marker giving its length, a blob as its length, one
/// warning says so, and nothing aborts. Held whole, a cell was copied, made base64, JSON text
/// and a table cell: five blobs of 400 MB took 13 GB, and `randomblob(1e9)` under a cap ended in SIGABRT.
@Suite("store sql with wide cells, end to end", .needs("sqlite3"))
struct StoreSQLWideCellsEndToEndTests {
    /// KiB of address space for apicli: the cells fit once, not six times.
    static let addressSpace = 1_572_864

    static func run(_ arguments: [String], sandbox: Sandbox) async throws -> ProcessRunner.Result {
        var environment = sandbox.environment()
        environment["APICLI"] = try ProcessRunner.apicliExecutable().path
        return try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "ulimit -v \(Self.addressSpace); exec \"$APICLI\" \"$@\"", "sh"] + arguments,
            environment: environment, currentDirectory: sandbox.home.url, timeout: .seconds(120))
    }

    @Test("cells past 16 MiB: texts cut with a marker, blobs as their length, one warning, in every format",
          arguments: ["table", "json", "csv", "ndjson"])
    func wideCells(format: String) async throws {
        let sandbox = try await StoreSQLEndToEndTests.filledSandbox()
        try SQLiteShell.run(
            sandbox.databasePath,
            "CREATE TABLE wide (name TEXT, body); INSERT INTO wide VALUES ('blob', zeroblob(50000000)), "
                + "('text', printf('%.*c', 40000000, 'a')), ('small', 'short');")
        let run = try await Self.run(["store", "sql", "SELECT name, body FROM wide", "-f", format, "--wide"], sandbox: sandbox)
        #expect(!run.signalled && run.exitCode == 0, "exit \(run.exitCode): \(run.stderrText.suffix(300))")
        #expect(run.stdoutText.contains("[blob: 50000000 bytes]"), "\(run.stdoutText.prefix(300))")
        #expect(run.stdoutText.contains("…[cut: 40000000 bytes]"))
        #expect(run.stdoutText.contains("short"))
        // What is printed of the text is the bound, not the cell.
        #expect(run.stdout.count < (16 << 20) + 4096, "\(run.stdout.count) B printed")
        #expect(run.stderrText == "apicli: warning: 2 cells were over 16 MiB: texts are shown cut, ending with \"…[cut: N bytes]\", "
                + "blobs as \"[blob: N bytes]\"; select substr(column, start, length) to read one in parts\n")
    }

    @Test("randomblob(1e9) under the cap: one line or its length, never an abort")
    func gigabyteBlob() async throws {
        let sandbox = try await StoreSQLEndToEndTests.filledSandbox()
        let run = try await Self.run(["store", "sql", "SELECT randomblob(1e9) AS big", "-f", "json"], sandbox: sandbox)
        #expect(!run.signalled, "ended by signal \(run.exitCode): \(run.stderrText.suffix(300))")
        if run.exitCode == 0 {
            #expect(run.stdoutText.contains("[blob: 1000000000 bytes]"), "\(run.stdoutText.prefix(300))")
        } else {
            // SQLite could not make it within the cap: its own words, one line.
            #expect(run.exitCode == 65 && run.stderrText.hasPrefix("apicli: error: SQLite: "), "\(run.stderrText)")
            #expect(run.stderrText.split(separator: "\n").count == 1)
        }
    }
}
