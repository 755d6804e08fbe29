#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore
import Synchronization

/// Where `apicli mcp` writes: each answer one line of compact JSON on stdout, whole
/// (concurrent calls never interleave their bytes), and nothing else there; logs on
/// stderr only with `--verbose`.
///
/// Every string of every answer passes ``SecretGuard`` first, whatever produced it.
final class MCPOutput: Sendable {
    private let console: any Console
    private let verbose: Bool
    private let guardian: SecretGuard
    private let lock = Mutex(())

    init(console: any Console, verbose: Bool, guardian: SecretGuard) {
        self.console = console
        self.verbose = verbose
        self.guardian = guardian
    }

    func send(_ message: JSONValue) {
        let line = guardian.scrub(message).serialized(pretty: false) + "\n"
        lock.withLock { _ in console.out(line) }
    }

    func log(_ text: @autoclosure () -> String) {
        guard verbose else { return }
        let line = "apicli mcp: " + guardian.scrub(text()) + "\n"
        lock.withLock { _ in console.err(line) }
    }
}
