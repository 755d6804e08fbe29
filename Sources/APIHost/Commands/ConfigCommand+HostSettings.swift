/// `apicli config get|set|unset` of apicli's own settings (``HostSetting``): the team
/// database's URL, and its password, which is read like a key.
extension ConfigCommand {
    func run(_ verb: String, _ setting: HostSetting, _ rest: [String], file: inout ConfigFile) throws -> ExitCode {
        switch verb {
        case "get":
            guard rest.isEmpty else { throw UsageError("usage: apicli config get KEY") }
            guard let (value, _) = setting.value(variables: host.environment.variables, config: file) else { return .empty }
            host.environment.console.out(setting.shown(value) + "\n")
        case "set":
            let value: String
            if setting.isSecret {
                guard rest.isEmpty else {
                    throw UsageError("passwords are never taken from the command line (they would leak into ps and shell history); run 'apicli config set \(setting.name)' and type or pipe it in")
                }
                value = try readSecret(for: setting.name)
            } else {
                guard rest.count == 1 else { throw UsageError("usage: apicli config set \(setting.name) VALUE") }
                value = rest[0]
                if setting.name == "store.sync-url", !DatabaseURLText.isPostgres(value) {
                    throw UsageError("store.sync-url takes a PostgreSQL URL (postgresql://USER@HOST:PORT/DATABASE)")
                }
            }
            file.set(setting.name, value)
            try file.save()
        default:
            guard rest.isEmpty else { throw UsageError("usage: apicli config unset KEY") }
            if file.unset(setting.name) { try file.save() }
        }
        return .success
    }
}
