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
        let lines = StandardInputLines(stdin ?? "")
        return await run(words) { environment in
            environment.variables.merge(setting) { _, new in new }
            for name in unsetting { environment.variables[name] = nil }
            environment.readLine = { lines.next() }
            if realTransport { environment.transport = nil }
        }
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
