/// An error that reaches the user: one line, and the exit code it maps to.
public struct CLIError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var exitCode: ExitCode

    public init(_ message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    public var description: String { message }
}
