import APICore

/// The options a provider sends as request headers (``OptionSpec/header``): an
/// identification the API asks of its callers, such as the National Weather Service's
/// `User-Agent`. Like any configurable option they come from the flag, then
/// `APICLI_<NAME>_<OPTION>`, then `apicli config set <name>.<option>`; the host, not
/// the provider, puts them on every request of the run, later pages included.
///
/// Such a header is a setting, never a key: it is shown by `config get`, and a run
/// without it still goes (with apicli's own `User-Agent`), saying how to set it.
enum HeaderOptions {
    /// The headers set for this run, and the header options left unset.
    ///
    /// A value holding a control character (a line break would end the header and start
    /// another) is refused: a usage error (64) when typed as a flag, else a configuration
    /// error (78) naming where it is set.
    static func headers(
        for descriptor: ProviderDescriptor, command: ParsedCommand
    ) throws -> (headers: HTTPHeaders, unset: [OptionSpec]) {
        var headers = HTTPHeaders()
        var unset: [OptionSpec] = []
        for option in descriptor.options {
            guard let header = option.header else { continue }
            guard let value = command.values[option.name]?.trimmed(.whitespaces), !value.isEmpty else {
                unset.append(option)
                continue
            }
            guard value.utf8.count <= 1_000, !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                let message = "the \(header) header (--\(option.name)) must be one line of at most 1000 bytes"
                if command.explicit.contains(option.name) { throw UsageError(message) }
                throw CLIError(
                    message + "; set it again with \(descriptor.environmentVariable(for: option)) or "
                        + "'apicli config set \(descriptor.name).\(option.name)'",
                    exitCode: .configuration)
            }
            headers[header] = value
        }
        return (headers, unset)
    }

    /// The headers set by the environment or the config file alone: `apicli api`, which takes no provider options.
    static func configured(for descriptor: ProviderDescriptor, settings: Settings) throws -> HTTPHeaders {
        var values: [String: String] = [:]
        for option in descriptor.options where option.header != nil {
            values[option.name] = settings.optionDefault(option, of: descriptor)
        }
        return try headers(for: descriptor, command: ParsedCommand(arguments: [], values: values)).headers
    }

    /// One line saying how to set an unset header option, for stderr.
    static func notice(_ option: OptionSpec, of descriptor: ProviderDescriptor) -> String {
        "\(descriptor.displayName) asks for a \(option.header ?? option.name) header: set it with "
            + "'apicli config set \(descriptor.name).\(option.name) VALUE' or \(descriptor.environmentVariable(for: option)) "
            + "(see 'apicli help \(descriptor.name)')"
    }
}
