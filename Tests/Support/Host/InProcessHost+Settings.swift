import APIHost
import APIHTTP
import Foundation
import Synchronization

extension InProcessHost {
    /// A run with variables set or unset for it alone, standard input given as
    /// text, and optionally the real transport (libcurl) instead of the stub: what
    /// the binary tests' `Sandbox.run(_:set:unset:stdin:)` did, in-process.
    ///
    /// The real transport is for what needs a connection (gzip, redirects, TLS,
    /// the body cap, a slow drip, a refused port): point the provider's
    /// `APICLI_<NAME>_BASE_URL` at a ``LoopbackServer`` and it is still one process.
    public func run(
        _ words: [String], setting: [String: String], unsetting: [String] = [], stdin: String? = nil,
        realTransport: Bool = false
    ) async -> Run {
        var given = variables.merging(setting) { _, new in new }
        for name in unsetting { given[name] = nil }
        let console = CapturingConsole()
        let lines = StandardInputLines(stdin ?? "")
        let environment = HostEnvironment(
            variables: given, console: console, time: time, transport: realTransport ? nil : transport,
            readLine: { lines.next() })
        let code = await Host(registry: registry, environment: environment).run(words)
        return Run(code: code, stdout: console.stdout, stderr: console.stderr)
    }

    /// The store's path (`APICLI_DB`), for tests that read what a run stored.
    public var storePath: String { variables["APICLI_DB"] ?? directory.path("store.sqlite3") }

    /// The rows of a query on the store the runs wrote, read through APIStore as apicli does.
    public func storedRows(_ sql: String) throws -> [Row] {
        try Store(path: storePath).read { try $0.query(sql) }
    }

    /// `SELECT COUNT(*) FROM table` on the store the runs wrote.
    public func storedCount(_ table: String) throws -> Int {
        try storedRows("SELECT COUNT(*) FROM \(table)").first?[0].int ?? -1
    }

    /// The store's files as they are on disk (database, -wal, -shm), concatenated:
    /// for checks that a secret is in none of them. `withSharedMemory: false` leaves
    /// out the -shm index, which a reader changes, for checks that nothing stored changed.
    public func storeBytes(withSharedMemory: Bool = true) throws -> Data {
        var bytes = Data()
        for suffix in withSharedMemory ? ["", "-wal", "-shm"] : ["", "-wal"] where FileManager.default.fileExists(atPath: storePath + suffix) {
            bytes.append(try Data(contentsOf: URL(fileURLWithPath: storePath + suffix)))
        }
        return bytes
    }
}

/// Text handed out a line at a time, as `readLine` reads standard input.
final class StandardInputLines: Sendable {
    private let remaining: Mutex<[String]>

    init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.isEmpty || text.hasSuffix("\n") { lines.removeLast() }
        remaining = Mutex(lines)
    }

    func next() -> String? {
        remaining.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}
