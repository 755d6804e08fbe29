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
    public func rows(_ sql: String) throws -> [Row] { try StoreFiles.rows(sql, at: storePath) }

    /// `SELECT COUNT(*) FROM table`; -1 when it cannot be counted.
    public func count(_ table: String) throws -> Int { try StoreFiles.count(table, at: storePath) }

    /// Every row of the listed tables, as text, for before/after comparisons.
    public func snapshot(_ tables: [String]) throws -> [String: [[String]]] {
        try StoreFiles.snapshot(tables, at: storePath)
    }

    /// The store's files on disk (``StoreFiles/bytes(at:withSharedMemory:)``).
    public func storeBytes(withSharedMemory: Bool = true) throws -> Data {
        try StoreFiles.bytes(at: storePath, withSharedMemory: withSharedMemory)
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
