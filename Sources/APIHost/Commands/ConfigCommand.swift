#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// `apicli config set|get|unset|list`: the settings file, keys included.
///
/// A key is never taken as a command-line word (it would land in `ps` and shell
/// history): `config set nyt.api-key` reads it from stdin, without echo on a
/// terminal. Keys are never printed back, only whether they are set.
struct ConfigCommand: Sendable {
    let host: Host

    private var environment: HostEnvironment { host.environment }

    func run(_ words: [String]) throws -> ExitCode {
        guard let verb = words.first else { throw UsageError(Self.usage) }
        let arguments = Array(words.dropFirst())
        let paths = AppPaths(variables: environment.variables)
        var file = try ConfigFile.load(path: paths.configFileLocation())
        if let setting = arguments.first.flatMap(HostSetting.named), ["get", "set", "unset"].contains(verb) {
            return try run(verb, setting, Array(arguments.dropFirst()), file: &file)
        }
        switch verb {
        case "list":
            guard arguments.isEmpty else { throw UsageError(Self.usage) }
            list(file)
        case "get":
            guard arguments.count == 1 else { throw UsageError("usage: apicli config get KEY") }
            let key = try check(arguments[0])
            let settings = Settings(variables: environment.variables, config: file)
            // Like `git config`: an unset key prints nothing and exits 1.
            guard let (value, _) = value(of: key, settings: settings) else { return .empty }
            // A value holding terminal controls is shown without them, as server text is.
            environment.console.out((key.isSecret ? Self.redacted : TerminalSanitizer.clean(value)) + "\n")
        case "set":
            guard (1...2).contains(arguments.count) else { throw UsageError("usage: apicli config set KEY [VALUE]") }
            let key = try check(arguments[0])
            let value: String
            if key.isSecret {
                guard arguments.count == 1 else {
                    throw UsageError("keys are never taken from the command line (they would leak into ps and shell history); run 'apicli config set \(key.name)' and type or pipe it in")
                }
                value = try readSecret(for: key.name)
            } else {
                guard arguments.count == 2 else { throw UsageError("usage: apicli config set \(key.name) VALUE") }
                value = try key.validate(arguments[1])
                if let option = key.option, let provider = try host.registry.provider(named: key.descriptor.name),
                   let problem = OptionValueCheck.problem(value, for: option, of: provider, subject: key.name)
                {
                    throw UsageError(problem)
                }
            }
            file.set(key.name, value)
            try file.save()
        case "unset":
            guard arguments.count == 1 else { throw UsageError("usage: apicli config unset KEY") }
            let key = try check(arguments[0])
            if file.unset(key.name) { try file.save() }
        default:
            var message = "unknown config command '\(verb)'"
            if let near = NearestName.suggest(verb, among: ["set", "get", "unset", "list"]) { message += "; did you mean '\(near)'?" }
            throw UsageError(message + "; " + Self.usage)
        }
        return .success
    }

    static let usage = "usage: apicli config set|get|unset KEY [VALUE], apicli config list"
    static let redacted = "******** (set)"

    private func list(_ file: ConfigFile) {
        let settings = Settings(variables: environment.variables, config: file)
        let keys = ConfigKey.all(for: host.registry.allProviders.map(\.descriptor))
        let width = keys.map(\.name.count).max() ?? 0
        for key in keys {
            let shown: String
            if let (value, source) = value(of: key, settings: settings) {
                shown = (key.isSecret ? Self.redacted : TerminalSanitizer.clean(value)) + "  (\(source))"
            } else {
                shown = "-"
            }
            environment.console.out(key.name + String(repeating: " ", count: width - key.name.count + 2) + shown + "\n")
        }
        for setting in HostSetting.all {
            let shown = setting.value(variables: environment.variables, config: file).map { setting.shown($0.0) + "  (\($0.1))" }
            environment.console.out(setting.name + String(repeating: " ", count: max(2, width - setting.name.count + 2)) + (shown ?? "-") + "\n")
        }
        environment.console.out("# file: \(file.path)\n")
    }

    /// A key's effective value and where it came from.
    private func value(of key: ConfigKey, settings: Settings) -> (String, String)? {
        if key.isSecret, let variable = key.variable {
            if let value = settings.variables[variable], !value.isEmpty { return (value, variable) }
            return settings.config[key.name].map { ($0, "config") }
        }
        guard let option = key.option else { return nil }
        let variable = key.descriptor.environmentVariable(for: option)
        if let value = settings.variables[variable], !value.isEmpty { return (value, variable) }
        if let value = settings.config[key.name] { return (value, "config") }
        return option.defaultValue.map { ($0, "default") }
    }

    private func check(_ name: String) throws -> ConfigKey {
        let keys = ConfigKey.all(for: host.registry.allProviders.map(\.descriptor))
        if let key = keys.first(where: { $0.name == name }) { return key }
        var message = "unknown setting '\(name)'"
        if let near = NearestName.suggest(name, among: keys.map(\.name) + HostSetting.all.map(\.name)) { message += "; did you mean '\(near)'?" }
        throw UsageError(message + " (see 'apicli config list')")
    }

    func readSecret(for name: String) throws -> String {
        let secret = environment.stdinIsTerminal
            ? SecretInput.readWithoutEcho(prompt: "\(name): ", console: environment.console, readLine: environment.readLine)
            : environment.readLine()
        guard let value = secret?.trimmed(.whitespacesAndNewlines), !value.isEmpty else {
            throw UsageError("no key given on stdin for \(name)")
        }
        return value
    }
}
