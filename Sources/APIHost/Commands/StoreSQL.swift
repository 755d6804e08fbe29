import APIPostgres
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
///
/// What one cell holds in memory is bounded (``maxCellBytes``): a longer text is shown
/// cut, ending with a marker that gives its length, a longer blob as its length, and a
/// warning says how many were and how to read them whole. Held whole, a few cells of
/// hundreds of megabytes (or `randomblob(1e9)`) took gigabytes: copied, then base64,
/// then JSON text, then the table's cell.
struct StoreSQL: Sendable {
    /// The most of one text or blob printed: 16 MiB.
    static let maxCellBytes = 16 << 20

    let host: Host
    let options: RunOptions
    let values: [String: String]

    private var console: any Console { host.environment.console }

    func run(_ words: [String]) throws -> ExitCode {
        let sql = words.joined(separator: " ")
        guard !sql.allSatisfy(\.isWhitespace) else {
            throw UsageError("usage: apicli store sql \"SELECT …\" (see 'apicli store schema' for the tables)")
        }
        // The team's database (`--db postgresql://…`) is read by PostgreSQL, with the same walls.
        if let database = options.databasePath, DatabaseURL.isPostgres(database) {
            return try TeamSQL(host: host, options: options, values: values).run(sql: sql, database: database)
        }
        var format = options.format
        let script = try ScriptOptions(values, format: &format)
        if script.onlyNew || script.onlyChanged || script.fieldsHelp {
            throw UsageError("--new, --changed and --fields help are for provider commands, not 'store sql'")
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
        var cut = 0
        try OutputWriter.writing(to: { console.out($0) }) { out in
            do {
                try Self.interruptible(connection) {
                    try connection.query(sql, maxValueBytes: Self.maxCellBytes) { values, cutColumns in
                        cut += cutColumns.count
                        var cells = values.map(Self.json)
                        for (column, bytes) in cutColumns { cells[column] = Self.cutCell(values[column], bytes: bytes) }
                        output.write(cells, to: &out)
                    }
                }
            } catch {
                // The rows read so far are written as they are (see ``StoreSQLOutput/finish(to:)``).
                throw Self.failure(error)
            }
            output.finish(to: &out)
        }
        let printed = output.count
        if cut > 0 {
            Messages(environment: host.environment, options: options).warning(
                "\(cut) cell\(cut == 1 ? " was" : "s were") over \(Self.maxCellBytes >> 20) MiB: texts are shown cut, ending "
                    + "with \"…[cut: N bytes]\", blobs as \"[blob: N bytes]\"; select substr(column, start, length) to read one in parts")
        }
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
        try CtrlC.handled(by: { connection.interrupt() }, body)
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

    /// A cell over ``maxCellBytes``, of `bytes` bytes whole: the start of a text and a marker, or a blob's length.
    static func cutCell(_ kept: SQLValue, bytes: Int) -> JSONValue {
        if case let .text(start) = kept { return .string(start + "…[cut: \(bytes) bytes]") }
        return .string("[blob: \(bytes) bytes]")
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
