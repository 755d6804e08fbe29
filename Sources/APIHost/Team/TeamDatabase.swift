import APIPostgres
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The team's PostgreSQL database: where it is, the password to reach it and the schema
/// apicli keeps there (docs/design/0290-a-team-archive-in-postgresql.md).
///
/// The URL comes from the command line, else `APICLI_STORE_SYNC_URL`, else the setting
/// `store.sync-url`. The password is read like a key: `APICLI_PGPASSWORD`, `PGPASSWORD`,
/// the setting `store.sync-password`, or a URL kept in the setting — never a word of the
/// command line, which `ps` and shell history show: a URL given there that carries one is
/// refused before anything is sent.
struct TeamDatabase: Sendable {
    let url: DatabaseURL
    let password: String?
    let schema: String

    static let urlVariable = "APICLI_STORE_SYNC_URL"
    static let passwordVariables = ["APICLI_PGPASSWORD", "PGPASSWORD"]
    static let defaultSchema = "apicli"

    /// Where the password may go, for the refusal of one on the command line.
    static let passwordPlaces =
        "set APICLI_PGPASSWORD (or PGPASSWORD), run 'apicli config set store.sync-password', "
        + "or keep the whole URL in 'apicli config set store.sync-url'"

    /// The database named by `argument` (a word of the command line) or the settings.
    static func resolve(argument: String?, schema: String?, environment: HostEnvironment) throws -> TeamDatabase {
        let config = try ConfigFile.load(path: AppPaths(variables: environment.variables).configFileLocation())
        let url: DatabaseURL
        if let argument {
            guard let parsed = DatabaseURL(argument) else {
                throw UsageError("'\(argument)' is not a PostgreSQL URL: give postgresql://USER@HOST:PORT/DATABASE")
            }
            if parsed.password != nil || parsed.hasPasswordParameter {
                throw UsageError("a password on the command line would show in ps and shell history: " + passwordPlaces)
            }
            url = parsed
        } else {
            let setting = environment.variables[urlVariable].flatMap { $0.isEmpty ? nil : $0 } ?? config["store.sync-url"]
            guard let setting else {
                throw CLIError(
                    "no team database: give its URL (apicli store sync postgresql://USER@HOST/DATABASE), "
                        + "set \(urlVariable), or run 'apicli config set store.sync-url URL'",
                    exitCode: .configuration)
            }
            guard let parsed = DatabaseURL(setting) else {
                throw CLIError("store.sync-url is not a PostgreSQL URL (postgresql://USER@HOST:PORT/DATABASE)", exitCode: .configuration)
            }
            url = parsed
        }
        let password = passwordVariables.lazy.compactMap { environment.variables[$0] }.first { !$0.isEmpty }
            ?? config["store.sync-password"]
        let name = schema ?? defaultSchema
        guard Self.isPlainName(name) else {
            throw UsageError("--schema takes a plain name (letters, digits and _, 63 at most, not starting with a digit), not '\(name)'")
        }
        return TeamDatabase(url: url, password: password, schema: name)
    }

    /// A name PostgreSQL takes unquoted and apicli can splice into statements.
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.utf8.count <= 63 else { return false }
        return (first == "_" || ("a"..."z").contains(first))
            && name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }

    /// Where it is, without its password: what messages show and a sync's marks are kept under.
    var shown: String { url.withoutPassword }

    /// The key of this database's marks in the local store: the URL without password, and the schema.
    var markKey: String { shown + "#" + schema }

    func connect() throws -> PostgresConnection {
        do {
            return try PostgresConnection(url: url, password: password)
        } catch let error as PostgresError {
            throw Self.cliError(error)
        }
    }

    /// A PostgreSQL failure as the host's error: one line, its exit code by kind.
    static func cliError(_ error: any Error) -> CLIError {
        guard let error = error as? PostgresError else { return ErrorMapping.cliError(error) }
        switch error.kind {
        case .library: return CLIError(error.message, exitCode: .unavailable)
        case .address: return CLIError("PostgreSQL: " + error.message, exitCode: .configuration)
        case .connection: return CLIError("PostgreSQL: " + error.message, exitCode: .unavailable)
        case .authentication:
            return CLIError("PostgreSQL: " + error.message + " (" + passwordPlaces + ")", exitCode: .configuration)
        case .statement: return CLIError("PostgreSQL: " + error.message, exitCode: .dataError)
        }
    }
}
