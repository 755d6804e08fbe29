import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `apicli store sql "SELECT …"`: a read-only query over the store, printed in
/// every output format (`--fields` and `--template` too).
///
/// It cannot write: see ``ReadOnlyConnection`` for the four walls. SQLite's
/// refusals and errors are one line with exit 65; Ctrl-C interrupts a long
/// query (exit 130), and since nothing was written, nothing needs undoing.
struct StoreSQL: Sendable {
    let host: Host
    let options: RunOptions
    let values: [String: String]

    private var console: any Console { host.environment.console }

    func run(_ words: [String]) throws -> ExitCode {
        let sql = words.joined(separator: " ")
        guard !sql.allSatisfy(\.isWhitespace) else {
            throw UsageError("usage: apicli store sql \"SELECT …\" (see 'apicli store schema' for the tables)")
        }
        var format = options.format
        let script = try ScriptOptions(values, format: &format)
        if script.onlyNew || script.fieldsHelp {
            throw UsageError("--new and --fields help are for provider commands, not 'store sql'")
        }
        let path = AppPaths(variables: host.environment.variables, databaseFlag: options.databasePath).database
        let connection = try Self.open(path)
        let terminal = Terminal(
            width: TerminalSize.columns(variables: host.environment.variables, isTerminal: host.environment.stdoutIsTerminal),
            color: options.useColor(isTerminal: host.environment.stdoutIsTerminal, variables: host.environment.variables),
            unicode: TerminalSize.isUnicodeLocale(host.environment.variables),
            wide: options.wide)
        let columns: [String]
        do {
            columns = try connection.columns(sql)
        } catch {
            throw Self.failure(error)
        }
        // Each row goes out as SQLite steps to it: nothing is kept but the table's first rows.
        var output = try StoreSQLOutput(columns: columns, script: script, format: format, terminal: terminal)
        let console = self.console
        try OutputWriter.writing(to: { console.out($0) }) { out in
            do {
                try Self.interruptible(connection) {
                    try connection.query(sql) { _, values in output.write(values.map(Self.json), to: &out) }
                }
            } catch {
                // The rows read so far are written as they are (see ``StoreSQLOutput/finish(to:)``).
                throw Self.failure(error)
            }
            output.finish(to: &out)
        }
        let printed = output.count
        if script.failEmpty && printed == 0 {
            Messages(environment: host.environment, options: options).notice("no rows")
            return .empty
        }
        return .success
    }

    /// The store, read-only; a missing file is not created, and what is not an apicli store is refused (78).
    static func open(_ path: String) throws -> ReadOnlyConnection {
        try StorePreflight.check(path, for: .read)
        do {
            return try ReadOnlyConnection(path: path)
        } catch {
            throw CLIError(error.description, exitCode: .software)
        }
    }

    /// Runs `body` with Ctrl-C interrupting the connection instead of killing the process.
    static func interruptible(_ connection: ReadOnlyConnection, _ body: () throws -> Void) throws {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { connection.interrupt() }
        source.resume()
        defer {
            source.cancel()
            signal(SIGINT, SIG_DFL)
        }
        try body()
    }

    /// SQLite's message on one line, exit 65; an interruption, exit 130.
    static func failure(_ error: any Error) -> CLIError {
        if ReadOnlyConnection.isInterruption(error) {
            return CLIError("query interrupted; the store is unchanged", exitCode: .interrupted)
        }
        guard case let .sqlite(_, message, _)? = error as? StoreError else { return ErrorMapping.cliError(error) }
        var text = "SQLite: " + message
        if message == "not authorized" { text += " (apicli store sql only reads: SELECT, WITH and reporting PRAGMAs)" }
        return CLIError(text, exitCode: .dataError)
    }

    /// A stored value as JSON: numbers and text as they are, blobs as base64.
    static func json(_ value: SQLValue) -> JSONValue {
        switch value {
        case .null: .null
        case let .integer(number): .int(number)
        case let .real(number): .double(number)
        case let .text(text): .string(text)
        case let .blob(data): .string(data.base64EncodedString())
        }
    }
}
