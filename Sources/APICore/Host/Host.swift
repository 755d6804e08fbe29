/// The apicli command: parses the command line and runs it.
public struct Host: Sendable {
    public static let version = "0.1.0"

    public let registry: ProviderRegistry
    public let environment: HostEnvironment

    public init(registry: ProviderRegistry, environment: HostEnvironment) {
        self.registry = registry
        self.environment = environment
    }

    /// Runs one command line (without the program name) and returns the exit code.
    public func run(_ arguments: [String]) async -> ExitCode {
        if arguments == ["--version"] {
            environment.console.out("apicli \(Self.version)\n")
            return .success
        }
        environment.console.err("apicli: not implemented yet\n")
        return .usage
    }
}
