/// How a store error reads to a user: what is wrong with the file and what to do,
/// with one exit code per kind (70 for a file that is not a usable database, 74
/// when the operating system cannot read or write it, 75 for a lock).
enum StoreFailure {
    /// `path` names the file when the caller knows it; messages say "the store" otherwise.
    static func cliError(_ error: StoreError, path: String? = nil) -> CLIError {
        let store = path.map { "the store at \($0)" } ?? "the store"
        switch error.problem {
        case .notADatabase:
            return CLIError("\(store) is not an apicli database; use --db or APICLI_DB to name another file", exitCode: .software)
        case .damaged:
            return CLIError("\(store) is damaged; run 'apicli store check'", exitCode: .software)
        case .readOnly:
            return CLIError("\(store) is read-only; make it writable or use --db to name another file", exitCode: .ioError)
        case .inputOutput:
            return CLIError(
                "\(store) could not be opened, read or written (\(reason(error))); check the file, its folder and the disk",
                exitCode: .ioError)
        case .busy:
            return CLIError(error.description, exitCode: .temporaryFailure)
        case .newerSchema, .foreign:
            return CLIError(error.description, exitCode: .configuration)
        case .other:
            return CLIError(error.description, exitCode: .software)
        }
    }

    /// SQLite's own words, without the path the message already names.
    private static func reason(_ error: StoreError) -> String {
        switch error {
        case let .cannotOpen(_, reason, _), let .sqlite(_, reason, _): reason
        default: error.description
        }
    }
}
