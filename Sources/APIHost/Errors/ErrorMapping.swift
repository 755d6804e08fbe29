/// Turns any error from any layer into the one line and exit code a user sees.
///
/// Each layer's errors are wrapped once, here, so messages stay consistent and
/// none of them can carry a key (HTTP errors only hold redacted URLs).
public enum ErrorMapping {
    public static func cliError(_ error: any Error) -> CLIError {
        switch error {
        case let error as CLIError: return error
        case let error as UsageError: return CLIError(error.message, exitCode: .usage)
        case let error as HTTPClientError:
            switch error {
            case .retryLater: return CLIError(error.description, exitCode: .temporaryFailure)
            case .bodyTooLarge, .badAnswer: return CLIError(error.description, exitCode: .dataError)
            default: return CLIError(error.description, exitCode: .unavailable)
            }
        case let error as StoreError: return StoreFailure.cliError(error)
        case let error as DecodeFailure: return CLIError(error.reason, exitCode: .dataError)
        // Raised outside a query (loading a provider): the other kinds are worded with a descriptor, in the run.
        case let ProviderFailure.misdescribed(message): return FailureWording.misdescribed(message)
        default: return CLIError("unexpected error: \(String(describing: type(of: error)))", exitCode: .software)
        }
    }
}
