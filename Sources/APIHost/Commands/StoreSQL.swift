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
        var rows: [FlatItem] = []
        let columns: [String]
        do {
            columns = try connection.columns(sql)
            try Self.interruptible(connection) {
                try connection.query(sql) { names, values in
                    rows.append(FlatItem(fields: zip(names, values.map(Self.json)).map { ($0, $1) }))
                }
            }
        } catch {
            throw Self.failure(error)
        }
        let terminal = Terminal(
            width: TerminalSize.columns(variables: host.environment.variables, isTerminal: host.environment.stdoutIsTerminal),
            color: options.useColor(isTerminal: host.environment.stdoutIsTerminal, variables: host.environment.variables),
            unicode: TerminalSize.isUnicodeLocale(host.environment.variables),
            wide: options.wide)
        let writer = ItemWriter(script: script, format: format, terminal: terminal, shape: Self.shape(columns))
        let printed = try writer.write(rows, known: columns) { console.out($0) }
        if script.failEmpty && printed == 0 {
            Messages(environment: host.environment, options: options).notice("no rows")
            return .empty
        }
        return .success
    }

    /// The store, read-only; a missing file is not created.
    static func open(_ path: String) throws -> ReadOnlyConnection {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CLIError("no store at \(path); fetch something first", exitCode: .noInput)
        }
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

    /// The default line: every column, a tab apart.
    private static func shape(_ columns: [String]) -> ItemShape {
        let usable = columns.filter { name in !name.contains { "{}|:".contains($0) } && !name.isEmpty }
        return ItemShape(identity: [], template: usable.map { "{\($0)|}" }.joined(separator: "\t"))
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
