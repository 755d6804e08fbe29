/// The process exit codes, from BSD's sysexits so that scripts can tell failures apart.
public enum ExitCode: Int32, Sendable, Comparable, CaseIterable {
    /// Success, also when stored results were shown after a network failure (with a warning).
    case success = 0
    /// Nothing to print: under `--fail-empty`, or `config get` of a setting that is not set
    /// (as `git config` does).
    case empty = 1
    /// The command line is wrong.
    case usage = 64
    /// The server's answer could not be read.
    case dataError = 65
    /// What was asked for does not exist (an unknown city).
    case noInput = 66
    /// The service could not be reached and nothing is stored.
    case unavailable = 69
    /// Something broke inside apicli, or the store is damaged or not a database.
    case software = 70
    /// The output or the store could not be written or read: a full disk, a closed
    /// descriptor, a read-only store or folder. A fresh answer that could not be stored
    /// is still printed, with a warning, and the run exits with this code.
    case ioError = 74
    /// Rate limited or a temporary failure: try again later.
    case temporaryFailure = 75
    /// The API key was rejected.
    case permissionDenied = 77
    /// Missing or unusable configuration (no key, a bad `APICLI_*` value, a store path that is
    /// not a regular file or holds another program's database, a store from a newer apicli).
    case configuration = 78
    /// Interrupted with Ctrl-C (`store sql`); nothing was changed.
    case interrupted = 130

    public static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// What the code means, for `--help` and the README.
    public var meaning: String {
        switch self {
        case .success: "success (also when stored results were shown, with a warning)"
        case .empty: "nothing to print: with --fail-empty (also when --new finds nothing new), or a 'config get' of a setting that is not set"
        case .usage: "usage error: unknown command or option, bad value"
        case .dataError: "the server's answer could not be decoded; nothing stored was changed"
        case .noInput: "not found (an unknown city)"
        case .unavailable: "the service could not be reached and nothing is stored"
        case .software: "internal error, or the store is damaged or not a database"
        case .ioError: "the output or the store could not be written or read (disk full, read-only); a fresh answer is still shown"
        case .temporaryFailure: "rate limited or temporary failure; retry later"
        case .permissionDenied: "the API key was rejected, or an OAuth2 sign-in was refused or could not be renewed"
        case .interrupted: "interrupted (Ctrl-C); nothing was changed"
        case .configuration: "missing configuration (no API key), a bad APICLI_* value, or a store path that is not an apicli store (another program's database, a folder, a device) or from a newer apicli"
        }
    }
}
