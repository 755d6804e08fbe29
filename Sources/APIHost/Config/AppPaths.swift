/// Where apicli keeps its files, following the XDG base directory convention.
public struct AppPaths: Sendable, Equatable {
    /// `$XDG_CONFIG_HOME/apicli/config`, default `~/.config/apicli/config`.
    public var configFile: String
    /// `--db`, else `APICLI_DB`, else `$XDG_DATA_HOME/apicli/apicli.sqlite3`
    /// (default `~/.local/share/apicli/apicli.sqlite3`).
    public var database: String

    public init(variables: [String: String], databaseFlag: String? = nil) {
        let home = variables["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        let configHome = variables["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        let dataHome = variables["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        configFile = configHome + "/apicli/config"
        database = databaseFlag ?? variables["APICLI_DB"].flatMap { $0.isEmpty ? nil : $0 }
            ?? dataHome + "/apicli/apicli.sqlite3"
    }
}
