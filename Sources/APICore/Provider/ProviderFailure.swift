/// A provider's reading of an unsuccessful answer: what to tell the user, and the exit code.
public struct ProviderFailure: Error, Sendable, Equatable {
    public var message: String
    public var exitCode: ExitCode

    public init(_ message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    /// The thing asked for does not exist (exit 66): `no city named "Atlantis"`.
    public static func notFound(_ message: String) -> ProviderFailure { ProviderFailure(message, exitCode: .noInput) }
}

/// The body could not be read as the API's format (exit 65); stored data stays as it was.
public struct DecodeFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}
