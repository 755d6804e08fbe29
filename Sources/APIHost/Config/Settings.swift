#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// Resolves every setting in one order: flag > environment > config file > default.
///
/// Keys have no flag on purpose: a key typed on the command line ends up in
/// `ps` output and shell history.
public struct Settings: Sendable {
    public let variables: [String: String]
    public let config: ConfigFile

    public init(variables: [String: String], config: ConfigFile) {
        self.variables = variables
        self.config = config
    }

    /// The provider's key from its environment variable or `<name>.api-key` (the key owner's, when shared).
    public func apiKey(for descriptor: ProviderDescriptor) -> String? {
        guard let spec = descriptor.credential else { return nil }
        if let value = variables[spec.environmentVariable]?.trimmed(.whitespaces), !value.isEmpty {
            return value
        }
        if let value = config[descriptor.apiKeySetting], !value.isEmpty { return value }
        return nil
    }

    /// `APICLI_<NAME>_BASE_URL`, else the descriptor's default.
    ///
    /// A variable that is set is used or refused, never ignored: an empty value would
    /// otherwise send the request, and the key, to the real API when a test or a proxy
    /// was meant. Only an http(s) URL with a host is accepted, and without a query or a
    /// fragment, which the API's path is appended after (`…#x/geo/1.0/direct` sends
    /// no path at all).
    public func baseURL(for descriptor: ProviderDescriptor, keyOwner: ProviderDescriptor? = nil) throws -> URL {
        let variable = KeyAllowance.baseURLVariable(of: descriptor, keyOwner: keyOwner, variables: variables)
        guard let text = variables[variable] else { return descriptor.defaultBaseURL }
        let shown = ShownValue.quoted(URLPassword.redacted(text))
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty
        else {
            guard !text.allSatisfy(\.isWhitespace) else {
                throw CLIError(
                    "\(variable) is set but empty; unset it to use \(descriptor.defaultBaseURL.absoluteString), or give an http(s) URL",
                    exitCode: .configuration)
            }
            throw CLIError("\(variable) must be an http(s) URL, not '\(shown)'", exitCode: .configuration)
        }
        if let port = url.port, !(1...65_535).contains(port) {
            throw CLIError("\(variable) has the port \(port), which is not a port number (1 to 65535): '\(shown)'", exitCode: .configuration)
        }
        guard url.fragment == nil, url.query == nil, !text.containsLiteral("#"), !text.containsLiteral("?") else {
            throw CLIError(
                "\(variable) must not have a query or a fragment ('?' or '#'), since the API's path is appended to it: '\(shown)'",
                exitCode: .configuration)
        }
        return url
    }

    /// A configurable option's default: `APICLI_<NAME>_<OPTION>`, else `<name>.<option>`, else the declared default.
    public func optionDefault(_ option: OptionSpec, of descriptor: ProviderDescriptor) -> String? {
        if option.configurable {
            if let value = variables[descriptor.environmentVariable(for: option)], !value.isEmpty { return value }
            if let value = config[descriptor.name + "." + option.name], !value.isEmpty { return value }
        }
        return option.defaultValue
    }

    /// The provider's command line with defaults filled in, as a ``ParsedCommand``.
    public func resolve(_ parsed: CommandLineParser.Result, for descriptor: ProviderDescriptor) throws -> ParsedCommand {
        var values: [String: String] = [:]
        for option in descriptor.options {
            if let value = parsed.values[option.name] ?? optionDefault(option, of: descriptor) {
                if !option.choices.isEmpty && !option.choices.contains(value) {
                    throw UsageError(
                        "\(descriptor.name).\(option.name) must be one of \(option.choices.joined(separator: ", ")), not '\(ShownValue.quoted(value))'")
                }
                values[option.name] = value
            }
        }
        if let missing = descriptor.options.first(where: { $0.required && values[$0.name] == nil }) {
            throw UsageError("\(descriptor.name) needs --\(missing.name) \(missing.valueName ?? "VALUE"); see 'apicli \(descriptor.name) --help'")
        }
        let explicit = Set(parsed.values.keys).intersection(descriptor.options.map(\.name))
        try checkArguments(parsed.positionals, for: descriptor)
        return ParsedCommand(arguments: parsed.positionals, values: values, explicit: explicit)
    }

    private func checkArguments(_ words: [String], for descriptor: ProviderDescriptor) throws {
        let required = descriptor.arguments.filter(\.required)
        if words.count < required.count, let missing = required.dropFirst(words.count).first {
            throw UsageError("\(descriptor.name) needs <\(missing.name)>; see 'apicli \(descriptor.name) --help'")
        }
        let takesRest = descriptor.arguments.last?.variadic ?? false
        if !takesRest && words.count > descriptor.arguments.count {
            throw UsageError("unexpected argument '\(words[descriptor.arguments.count])'; see 'apicli \(descriptor.name) --help'")
        }
    }
}
