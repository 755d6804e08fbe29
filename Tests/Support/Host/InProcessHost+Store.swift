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

    /// The store's data on disk: the database file and its WAL (the `-shm` index
    /// is shared memory every reader updates, and holds no data).
    public func storeData() -> Data {
        ["", "-wal"].reduce(into: Data()) { bytes, suffix in
            bytes.append((try? Data(contentsOf: URL(fileURLWithPath: storePath + suffix))) ?? Data())
        }
    }

    /// Runs `words` with the environment changed by `change` first.
    ///
    /// ```swift
    /// let run = await host.run(["store", "info"]) { $0.variables["APICLI_DB"] = nil }
    /// ```
    public func run(_ words: [String], changing change: (inout HostEnvironment) -> Void) async -> Run {
        let console = CapturingConsole()
        var environment = HostEnvironment(variables: variables, console: console, time: time, transport: transport)
        change(&environment)
        let code = await Host(registry: registry, environment: environment).run(words)
        return Run(code: code, stdout: console.stdout, stderr: console.stderr)
    }

    /// Runs `words` with `set` added to the variables.
    public func run(_ words: [String], set: [String: String]) async -> Run {
        await run(words) { $0.variables.merge(set) { _, given in given } }
    }
}
