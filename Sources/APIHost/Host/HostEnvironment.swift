#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Everything the host takes from the outside world, injected so that tests
/// run a whole command in-process with a stub transport, a fixed clock and
/// captured output.
public struct HostEnvironment: Sendable {
    public var variables: [String: String]
    public var console: any Console
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    public var stdinIsTerminal: Bool
    public var time: TimeSource
    /// nil: the real transport (`DefaultTransport`).
    public var transport: (any ClientTransport)?

    public init(
        variables: [String: String], console: any Console, stdoutIsTerminal: Bool = false,
        stderrIsTerminal: Bool = false, stdinIsTerminal: Bool = false, time: TimeSource = .system,
        transport: (any ClientTransport)? = nil
    ) {
        self.variables = variables
        self.console = console
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.stdinIsTerminal = stdinIsTerminal
        self.time = time
        self.transport = transport
    }

    /// The real process environment.
    public static func current() -> HostEnvironment {
        HostEnvironment(
            variables: ProcessInfo.processInfo.environment,
            console: StandardConsole(),
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            stdinIsTerminal: isatty(STDIN_FILENO) == 1
        )
    }
}
