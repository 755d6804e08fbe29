import APICore

/// Settings a provider sends as request headers: how an API asks its callers to
/// identify themselves. The National Weather Service declares `User-Agent` as if it
/// were a key, but it is an app name and a contact, not a secret: it is set like an
/// option (`--user-agent`, `APICLI_<NAME>_USER_AGENT`, `apicli config set
/// <name>.user-agent`), shown as one, and a run without it still goes, saying how to
/// set it, rather than being refused.
extension ProviderFile {
    public struct Header: Sendable, Hashable {
        /// The option that sets it (`user-agent`): a flag of every operation and a setting.
        public var name: String
        /// The header it is sent as (`User-Agent`).
        public var header: String
        public var help: String

        public init(name: String, header: String, help: String) {
            self.name = name
            self.header = header
            self.help = help
        }

        /// `user-agent` for `User-Agent`: the option a header gets unless the file names another.
        public static func optionName(for header: String) -> String {
            header.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }

        /// The option as the host parses it: it sends the value as ``header`` itself.
        var spec: OptionSpec {
            var spec = OptionSpec.value(name, valueName: "TEXT", help: help, configurable: true)
            spec.header = header
            return spec
        }
    }
}

/// Which headers a `headers` setting may be sent as.
///
/// An identification (`User-Agent`, `From`) replaces what apicli would send or adds
/// what it would not; any other header follows the rules for a key's header (an HTTP
/// token, not one that frames the exchange), and `Authorization` is a key's place.
public enum SettingHeaderName {
    public static let identification: Set<String> = ["user-agent", "from"]

    /// Why `name` cannot be a setting's header; nil when it can.
    public static func problem(with name: String) -> String? {
        if identification.contains(name.lowercased()) { return nil }
        if name.lowercased() == "authorization" { return "'\(name)' carries keys; declare it as the key" }
        return KeyHeaderName.problem(with: name)
    }
}
