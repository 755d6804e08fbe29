/// Checks a value given to an option through `config set`, the config file or an
/// environment variable with exactly the rules the provider applies to the flag.
///
/// The provider's own `queries(from:)` judges it: the value is set as if typed as
/// `--name value`, with a placeholder word for each argument, and only a complaint
/// that names the option counts (one about the placeholders is not this value's).
enum OptionValueCheck {
    /// Nil when the value is accepted; otherwise the provider's reason, with
    /// `--name` replaced by `subject` (`weather.cnt`, `APICLI_WEATHER_CNT`).
    static func problem(_ value: String, for option: OptionSpec, of provider: any Provider, subject: String) -> String? {
        if !option.choices.isEmpty && !option.choices.contains(value) {
            return "\(subject) must be one of \(option.choices.joined(separator: ", ")), not '\(ShownValue.quoted(value))'"
        }
        let descriptor = provider.descriptor
        var values: [String: String] = [:]
        for other in descriptor.options { values[other.name] = other.defaultValue }
        values[option.name] = value
        let command = ParsedCommand(
            arguments: descriptor.arguments.map { _ in "placeholder" }, values: values, explicit: [option.name])
        do {
            _ = try provider.queries(from: command)
            return nil
        } catch let error as UsageError where error.message.containsLiteral("--\(option.name)") {
            // The provider quotes the value as it is: written out, as every setting's message does.
            let shown = value.isEmpty ? error.message : error.message.replacingAll(value, with: ShownValue.quoted(value))
            return shown.replacingAll("--\(option.name)", with: subject)
        } catch {
            return nil
        }
    }

    /// Every option whose value comes from the environment or the config file, not
    /// the command line, is checked; the first bad one is an error that names where it came from.
    static func checkConfigured(_ parsed: CommandLineParser.Result, of provider: any Provider, settings: Settings) throws {
        let descriptor = provider.descriptor
        for option in descriptor.options where option.configurable && parsed.values[option.name] == nil {
            let variable = descriptor.environmentVariable(for: option)
            let key = descriptor.name + "." + option.name
            if let value = settings.variables[variable], !value.isEmpty {
                if let problem = problem(value, for: option, of: provider, subject: variable) {
                    throw CLIError(problem, exitCode: .configuration)
                }
            } else if let value = settings.config[key], !value.isEmpty,
                      let problem = problem(value, for: option, of: provider, subject: key)
            {
                throw CLIError(
                    "in the config file \(settings.config.path): \(problem); run 'apicli config set \(key) VALUE' or 'apicli config unset \(key)'",
                    exitCode: .configuration)
            }
        }
    }
}
