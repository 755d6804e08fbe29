import APICore
import APIHost
import Foundation

/// What the binary tests' `Sandbox` offered beside running a command, for the
/// in-process host: the store's rows read back through APIStore as apicli
/// reads them, and a run whose environment differs from the host's (a variable
/// unset, stdout a terminal), since `variables` is fixed when the host is made.
extension InProcessHost {
    /// The store every run uses (`APICLI_DB`).
    public var storePath: String { variables["APICLI_DB"] ?? directory.path("store.sqlite3") }

    /// The rows of a query on the store.
    public func rows(_ sql: String) throws -> [Row] {
        try Store(path: storePath).read { try $0.query(sql) }
    }

    /// `SELECT COUNT(*) FROM table`; -1 when it cannot be counted.
    public func count(_ table: String) throws -> Int {
        try rows("SELECT COUNT(*) FROM \(table)").first?[0].int ?? -1
    }

    /// Every row of the listed tables, as text, for before/after comparisons.
    public func snapshot(_ tables: [String]) throws -> [String: [[String]]] {
        var snapshot: [String: [[String]]] = [:]
        for table in tables {
            snapshot[table] = try rows("SELECT * FROM \(table) ORDER BY 1, 2").map { row in
                row.values.map { $0.string ?? "NULL" }
            }
        }
        return snapshot
    }

    /// The store's files as they are on disk (database, -wal, -shm), concatenated:
    /// for checks that a secret is in none of them. `withSharedMemory: false` leaves
    /// out the -shm index, which every reader updates and which holds no data, for
    /// checks that nothing stored changed.
    public func storeBytes(withSharedMemory: Bool = true) throws -> Data {
        var bytes = Data()
        for suffix in withSharedMemory ? ["", "-wal", "-shm"] : ["", "-wal"]
        where FileManager.default.fileExists(atPath: storePath + suffix) {
            bytes.append(try Data(contentsOf: URL(fileURLWithPath: storePath + suffix)))
        }
        return bytes
    }

    /// Runs `words` with the environment changed by `change` first.
    ///
    /// ```swift
    /// let run = await host.run(["store", "info"]) { $0.variables["APICLI_DB"] = nil }
    /// ```
    public func run(_ words: [String], changing change: (inout HostEnvironment) -> Void) async -> Run {
        let console = CapturingConsole()
        // Standard input is empty unless a test gives some: a run must never read the test runner's.
        var environment = HostEnvironment(
            variables: variables, console: console, time: time, transport: transport, readLine: { nil })
        change(&environment)
        let code = await Host(registry: registry, environment: environment).run(words)
        return Run(code: code, stdout: console.stdout, stderr: console.stderr)
    }
}
