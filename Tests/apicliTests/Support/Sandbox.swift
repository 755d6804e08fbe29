import APIStore
import Foundation
import TestSupport

/// One end-to-end test's world: a temporary home (HOME, XDG_DATA_HOME and
/// XDG_CONFIG_HOME inside it), fake keys, and both providers' base URLs
/// pointing at a loopback server the test scripted.
///
/// The built binary runs with exactly ``environment`` plus the test's extras,
/// never the test runner's own environment, so nothing on the machine (a real
/// key, a real config file) can leak in or be touched.
///
/// ```swift
/// let sandbox = try Sandbox(server: FixtureServer.standard())
/// let result = try await sandbox.run(["weather", "Paris"])
/// #expect(result.exitCode == 0)
/// ```
final class Sandbox: Sendable {
    static let nytKey = "nytKEY-e2e-4f1c9a"
    static let weatherKey = "owmKEY-e2e-7b2d5e"

    let home: TemporaryDirectory
    let server: LoopbackServer
    let environment: [String: String]

    init(server: LoopbackServer, extra: [String: String] = [:]) throws {
        self.home = try TemporaryDirectory(prefix: "apicli-e2e")
        self.server = server
        var environment = [
            "HOME": home.path("home"),
            "XDG_DATA_HOME": home.path("data"),
            "XDG_CONFIG_HOME": home.path("config"),
            "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "TERM": "xterm-256color",
            "NYT_API_KEY": Self.nytKey,
            "OPENWEATHER_API_KEY": Self.weatherKey,
            "APICLI_NYT_BASE_URL": server.baseURL.absoluteString,
            "APICLI_WEATHER_BASE_URL": server.baseURL.absoluteString,
            "APICLI_TIMEOUT": "5",
            // NYT's 12 s between calls would make every test that searches twice wait or
            // fail; the tests of pacing itself set it (PacingEndToEndTests).
            "APICLI_NYT_SPACING": "0",
        ]
        environment.merge(extra) { _, new in new }
        self.environment = environment
    }

    deinit { server.stop() }

    /// `$XDG_DATA_HOME/apicli/apicli.sqlite3`.
    var databasePath: String { home.path("data/apicli/apicli.sqlite3") }
    /// `$XDG_CONFIG_HOME/apicli/config`.
    var configPath: String { home.path("config/apicli/config") }

    /// Runs the built `apicli`; `set` adds or replaces variables, `unset` removes them.
    func run(
        _ arguments: [String], set: [String: String] = [:], unset: [String] = [], stdin: String = "",
        timeout: Duration = .seconds(30)
    ) async throws -> ProcessRunner.Result {
        try await ProcessRunner.apicli(
            arguments, environment: environment(set: set, unset: unset), stdin: Data(stdin.utf8), timeout: timeout,
            currentDirectory: home.url)
    }

    /// The environment of a run, for tests that start apicli through another program.
    func environment(set: [String: String] = [:], unset: [String] = []) -> [String: String] {
        var variables = environment.merging(set) { _, new in new }
        for name in unset { variables[name] = nil }
        return variables
    }

    /// The rows of a query on the store, read through APIStore like apicli does.
    func rows(_ sql: String) throws -> [Row] { try StoreFiles.rows(sql, at: databasePath) }

    /// `SELECT COUNT(*) FROM table`.
    func count(_ table: String) throws -> Int { try StoreFiles.count(table, at: databasePath) }

    /// Every row of the listed tables, as text, for before/after comparisons.
    func snapshot(_ tables: [String]) throws -> [String: [[String]]] {
        try StoreFiles.snapshot(tables, at: databasePath)
    }

    /// The store's files as they are on disk (database, -wal, -shm), concatenated.
    func databaseBytes() throws -> Data { try StoreFiles.bytes(at: databasePath) }
}
