import APIHost
import APIHTTP
import Foundation
import Synchronization

/// A ``Host`` in-process whose registry reads a providers folder, as `main.swift`'s
/// does: the compiled providers a test gives, then the provider files under this
/// host's own temporary home. Runs go through a ``StubTransport`` (the answer a test
/// scripts, every request counted) or, for tests about what crosses the wire
/// (headers, redirects, another origin), through the real transport to a
/// ``LoopbackServer``. An `apicli-NAME` plugin is never started: its launch is recorded
/// (``launches``), since starting it would replace the test runner.
public final class ProviderFilesHost: Sendable {
    public let home: TemporaryDirectory
    public let transport: StubTransport
    public let registry: ProviderRegistry
    public let variables: [String: String]
    /// Whether runs use the real transport (`DefaultTransport`) instead of ``transport``.
    public let overHTTP: Bool
    private let launched = Mutex<[PluginLaunch]>([])

    /// - Parameters:
    ///   - compiled: the providers compiled into this "build" (a ``StubProvider``, NYT…).
    ///   - overHTTP: true to send requests with the real transport; the answer is then never asked.
    public init(
        compiled: [any Provider] = [StubProvider()], variables: [String: String] = [:], overHTTP: Bool = false,
        answer: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse = { _ in InProcessHost.json("{}", status: 404) }
    ) throws {
        home = try TemporaryDirectory(prefix: "apicli-files")
        transport = StubTransport { request, _ in try answer(request) }
        self.overHTTP = overHTTP
        let variables = [
            "HOME": home.path("home"), "XDG_CONFIG_HOME": home.path("config"), "XDG_DATA_HOME": home.path("data"),
            // A run over HTTP gets the deadline of a real connection (``InProcessHost/realConnectionDeadline``).
            "PATH": "/usr/bin:/bin", "APICLI_TIMEOUT": overHTTP ? InProcessHost.realConnectionDeadline : "5",
        ].merging(variables) { _, given in given }
        self.variables = variables
        registry = try ProviderRegistry(sources: [.compiled(compiled), .providerFiles(environment: HostEnvironment(variables: variables, console: CapturingConsole()), compiled: compiled)])
    }

    /// Runs one command line; `set` adds or replaces variables for this run, `unset` removes them,
    /// `stdin` is what standard input holds (nothing unless given).
    public func run(
        _ words: [String], set: [String: String] = [:], unset: [String] = [], stdin: String = ""
    ) async -> InProcessHost.Run {
        var variables = self.variables.merging(set) { _, new in new }
        for name in unset { variables[name] = nil }
        let console = CapturingConsole()
        // A run must never read the test runner's standard input.
        let lines = StandardInputLines(stdin)
        var environment = HostEnvironment(
            variables: variables, console: console, transport: overHTTP ? nil : transport, readLine: { lines.next() })
        environment.launchPlugin = { [self] launch in
            launched.withLock { $0.append(launch) }
            return .success
        }
        let code = await Host(registry: registry, environment: environment).run(words)
        return InProcessHost.Run(code: code, stdout: console.stdout, stderr: console.stderr)
    }

    /// The plugins the runs would have started, in order.
    public var launches: [PluginLaunch] { launched.withLock { $0 } }

    /// The requests the stub transport was asked, in order.
    public var requests: [HTTPRequest] { transport.requests }

    /// `$XDG_CONFIG_HOME/apicli/providers`.
    public var providersFolder: String { home.path("config/apicli/providers") }
    /// `$XDG_CONFIG_HOME/apicli/config`.
    public var configPath: String { home.path("config/apicli/config") }
    /// `$XDG_DATA_HOME/apicli/apicli.sqlite3`.
    public var databasePath: String { home.path("data/apicli/apicli.sqlite3") }

    /// Writes `text` as `<name>.json` in the providers folder, owner-only unless `mode` says otherwise.
    public func installProviderFile(_ name: String, _ text: String, mode: Int = 0o600) throws {
        try FileManager.default.createDirectory(
            atPath: providersFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = providersFolder + "/\(name).json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    /// Whether the providers folder holds `<name>.json`.
    public func hasProviderFile(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: providersFolder + "/\(name).json")
    }

    /// The rows of a query on the store, read through APIStore as apicli does.
    public func rows(_ sql: String) throws -> [Row] { try StoreFiles.rows(sql, at: databasePath) }

    /// `SELECT COUNT(*) FROM table` (a `WHERE` may follow the name).
    public func count(_ table: String) throws -> Int { try StoreFiles.count(table, at: databasePath) }

    /// The store's files as they are on disk (database, -wal, -shm), concatenated.
    public func databaseBytes() throws -> Data { try StoreFiles.bytes(at: databasePath) }

    /// The variable that points the provider `name` at `server`.
    public static func baseURL(for name: String, at server: LoopbackServer) -> [String: String] {
        ["APICLI_\(name.uppercased())_BASE_URL": server.baseURL.absoluteString]
    }
}
