/// A setting of apicli itself rather than of a provider, that `apicli config` knows:
/// the team database's URL and password (`store sync`, `store sql --db`).
struct HostSetting: Sendable {
    let name: String
    /// The environment variables that override it, first wins.
    let variables: [String]
    /// Read like a key: from stdin, never a word of the command line, never printed back.
    let isSecret: Bool

    static let all = [
        HostSetting(name: "store.sync-url", variables: [TeamDatabase.urlVariable], isSecret: false),
        HostSetting(name: "store.sync-password", variables: TeamDatabase.passwordVariables, isSecret: true),
    ]

    static func named(_ name: String) -> HostSetting? {
        all.first { $0.name == name }
    }

    /// Its effective value and where it came from.
    func value(variables environment: [String: String], config: ConfigFile) -> (String, String)? {
        for variable in variables {
            if let value = environment[variable], !value.isEmpty { return (value, variable) }
        }
        return config[name].map { ($0, "config") }
    }

    /// A value as `config get` and `config list` show it: a secret only as set, a URL without its password.
    func shown(_ value: String) -> String {
        if isSecret { return ConfigCommand.redacted }
        return TerminalSanitizer.clean(DatabaseURLText.withoutPassword(value))
    }
}
