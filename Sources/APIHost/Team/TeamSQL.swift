import APICore
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

/// `apicli store sql --db postgresql://… "SELECT …"`: one read-only statement on the team
/// database, printed in every format `store sql` has.
///
/// The same walls as the local `store sql`, in PostgreSQL's terms: one statement (libpq's
/// extended protocol takes no second), which must start as a query does (`SELECT`, `WITH`,
/// `VALUES`, `TABLE`, `SHOW`, `EXPLAIN`); it runs in a `READ ONLY` transaction, so the
/// server refuses any write (a `WITH … DELETE`, `nextval`, `lo_import`), and the
/// transaction is always rolled back. Refusals and errors are one line, exit 65; Ctrl-C
/// cancels the statement (exit 130).
struct TeamSQL: Sendable {
    let host: Host
    let options: RunOptions
    let values: [String: String]

    static let readingWords: Set<String> = ["select", "with", "values", "table", "show", "explain"]

    func run(sql: String, database: String) throws -> ExitCode {
        var format = options.format
        let script = try ScriptOptions(values, format: &format)
        if script.onlyNew || script.onlyChanged || script.fieldsHelp {
            throw UsageError("--new, --changed and --fields help are for provider commands, not 'store sql'")
        }
        let team = try TeamDatabase.resolve(argument: database, schema: nil, environment: host.environment)
        guard let first = Self.firstWord(sql), Self.readingWords.contains(first) else {
            throw CLIError(
                "PostgreSQL: apicli store sql only reads: one SELECT, WITH, VALUES, TABLE, SHOW or EXPLAIN statement",
                exitCode: .dataError)
        }
        let connection = try team.connect()
        let result: PostgresResult
        do {
            result = try Self.interruptible(connection) {
                try connection.execute("BEGIN READ ONLY")
                defer { _ = try? connection.execute("ROLLBACK") }
                return try connection.execute(sql)
            }
        } catch let error as PostgresError {
            if error.state == "57014" { throw CLIError("query cancelled; the database is unchanged", exitCode: .interrupted) }
            var failure = TeamDatabase.cliError(error)
            if error.state == "25006" { failure.message += " (apicli store sql only reads)" }
            throw failure
        }
        let terminal = Terminal(
            width: TerminalSize.columns(variables: host.environment.variables, isTerminal: host.environment.stdoutIsTerminal),
            color: options.useColor(isTerminal: host.environment.stdoutIsTerminal, variables: host.environment.variables),
            unicode: TerminalSize.isUnicodeLocale(host.environment.variables),
            wide: options.wide)
        var output = try StoreSQLOutput(columns: result.columns, script: script, format: format, terminal: terminal)
        let console = host.environment.console
        OutputWriter.writing(to: { console.out($0) }) { out in
            for row in result.rows {
                output.write(zip(row, result.types).map(Self.json), to: &out)
            }
            output.finish(to: &out)
        }
        if script.failEmpty && output.count == 0 {
            Messages(environment: host.environment, options: options).notice("no rows")
            return .empty
        }
        return .success
    }

    /// The statement's first word, lowercased, after spaces and comments.
    static func firstWord(_ sql: String) -> String? {
        var rest = Substring(sql)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "(" }
            if rest.hasPrefix("--") {
                rest = rest.drop { !$0.isNewline }
            } else if rest.hasPrefix("/*") {
                guard let end = rest.firstRange(ofLiteral: "*/") else { return nil }
                rest = rest[end.upperBound...]
            } else {
                break
            }
        }
        let word = rest.prefix { $0.isLetter }
        return word.isEmpty ? nil : word.lowercased()
    }

    /// A value as JSON: integers, reals and booleans as such, `json`/`jsonb` as their JSON, the rest as text.
    static func json(_ value: String?, type: UInt32) -> JSONValue {
        guard let value else { return .null }
        if PostgresType.integers.contains(type), let number = Int64(value) { return .int(number) }
        if PostgresType.reals.contains(type), let number = Double(value), number.isFinite { return .double(number) }
        if type == PostgresType.bool { return .bool(value == "t") }
        if type == PostgresType.json || type == PostgresType.jsonb, let parsed = try? JSONValue.parse(Data(value.utf8)) {
            return parsed
        }
        return .string(value)
    }

    /// Runs `body` with Ctrl-C asking the server to cancel the statement instead of killing the process.
    static func interruptible<T>(_ connection: PostgresConnection, _ body: () throws -> T) throws -> T {
        let cancel = connection.canceller()
        return try CtrlC.handled(by: { cancel.send() }, body)
    }
}
