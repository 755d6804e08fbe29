#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Everything the host takes from the outside world, injected so that tests
/// run a whole command in-process with a stub transport, a fixed clock and
/// captured output.
public struct HostEnvironment: Sendable {
    /// The environment variables: given, or the process's, read the first time they are
    /// asked for (``ProcessVariables``), since `--version` needs none.
    public var variables: [String: String] {
        get {
            switch source {
            case let .given(variables): variables
            case let .process(process): process.all
            }
        }
        set { source = .given(newValue) }
    }
    private var source: VariableSource
    public var console: any Console
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    public var stdinIsTerminal: Bool
    public var time: TimeSource
    /// nil: the real transport (`DefaultTransport`).
    public var transport: (any ClientTransport)?
    /// Reads one line of standard input without its newline (nil at its end): the
    /// process's stdin, or a test's text, so that `config set KEY` runs in-process.
    public var readLine: @Sendable () -> String?
    /// nil: an `apicli-NAME` plugin runs, and this process ends as it ended. A host run in-process
    /// (a test) is handed the launch instead and answers with the run's exit code.
    public var launchPlugin: (@Sendable (PluginLaunch) -> ExitCode)? = nil
    /// A middleware placed just inside redaction in every provider's client: how `apicli mcp`
    /// learns whether an answer came from the store or the network, and bounds rate-limit
    /// waits (``AnswerWatch``). nil for a command line.
    public var clientWatch: (any ClientMiddleware)? = nil

    public init(
        variables: [String: String], console: any Console, stdoutIsTerminal: Bool = false,
        stderrIsTerminal: Bool = false, stdinIsTerminal: Bool = false, time: TimeSource = .system,
        transport: (any ClientTransport)? = nil,
        readLine: @escaping @Sendable () -> String? = { Swift.readLine(strippingNewline: true) }
    ) {
        self.source = .given(variables)
        self.console = console
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.stdinIsTerminal = stdinIsTerminal
        self.time = time
        self.transport = transport
        self.readLine = readLine
    }

    /// The real process environment; its variables are read when first asked for.
    public static func current() -> HostEnvironment {
        var environment = HostEnvironment(
            variables: [:],
            console: StandardConsole(),
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            stdinIsTerminal: isatty(STDIN_FILENO) == 1
        )
        environment.source = .process(ProcessVariables())
        return environment
    }

    /// Only the variables `names` that are set: what a caller that needs a few
    /// (the providers folder's location) asks for without building the whole dictionary.
    public func variables(named names: [String]) -> [String: String] {
        var found: [String: String] = [:]
        for name in names {
            let value: String? = switch source {
            case let .given(variables): variables[name]
            case .process: getenv(name).map { String(cString: $0) }
            }
            if let value { found[name] = value }
        }
        return found
    }

    private enum VariableSource: Sendable {
        case given([String: String])
        case process(ProcessVariables)
    }
}

/// The process's environment variables as a dictionary, built once, the first time
/// one is asked for (with the credentials handed to an apicli that a plugin runs,
/// ``HandedCredentials``): building it (every variable, as `ProcessInfo` does) was a large
/// part of `--version`'s work, which reads none.
final class ProcessVariables: Sendable {
    private let cache = Mutex<[String: String]?>(nil)

    var all: [String: String] {
        cache.withLock { cached in
            if let cached { return cached }
            // In an apicli a plugin runs, the credentials its environment went without.
            let variables = HandedCredentials.adding(to: Self.read(environ))
            cached = variables
            return variables
        }
    }

    /// `NAME=value` entries as a dictionary, split at the first `=`; an entry without one is
    /// skipped, and of a name set twice the first is kept, as `getenv` finds it. Read from
    /// `environ` by bytes: `ProcessInfo.environment` (and `ProcessInfo.processInfo` itself)
    /// cost a noticeable part of a run as short as `weather Paris --offline`.
    static func read(_ entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String: String] {
        var variables: [String: String] = [:]
        guard var entry = entries else { return variables }
        while let text = entry.pointee {
            entry += 1
            let length = strlen(text)
            text.withMemoryRebound(to: UInt8.self, capacity: length) { start in
                let bytes = UnsafeBufferPointer(start: start, count: length)
                guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
                guard variables[name] == nil else { return }
                variables[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
            }
        }
        return variables
    }
}
