/// A setting `apicli config` knows: a provider's key or one of its configurable options.
struct ConfigKey: Sendable {
    let name: String
    let descriptor: ProviderDescriptor
    /// nil for the API key.
    let option: OptionSpec?

    var isSecret: Bool { option == nil }

    /// Every known setting, keys first, in provider order.
    static func all(in registry: ProviderRegistry) -> [ConfigKey] {
        all(for: registry.compiled.map(\.descriptor))
    }

    static func all(for descriptors: [ProviderDescriptor]) -> [ConfigKey] {
        descriptors.flatMap { descriptor in
            settings(of: descriptor).map { ConfigKey(name: name(of: $0, in: descriptor), descriptor: descriptor, option: $0) }
        }
    }

    /// The keys' names alone, as ``all(for:)`` names them: what completions offer, made
    /// without a copy of each provider's description per key.
    static func names(for descriptors: [ProviderDescriptor]) -> [String] {
        descriptors.flatMap { descriptor in settings(of: descriptor).map { name(of: $0, in: descriptor) } }
    }

    /// A provider's settings: nil for its key, then each configurable option. A shared key
    /// (`--key-of nyt`) is the owner's setting, listed under the owner.
    private static func settings(of descriptor: ProviderDescriptor) -> [OptionSpec?] {
        let own = descriptor.credential.map { $0.keyOwner == nil } ?? false
        return (own ? [nil] : []) + descriptor.options.filter(\.configurable).map { $0 }
    }

    /// `nyt.api-key`, `weather.units`.
    private static func name(of option: OptionSpec?, in descriptor: ProviderDescriptor) -> String {
        descriptor.name + "." + (option?.name ?? "api-key")
    }

    /// Checks a value against the option's choices.
    func validate(_ value: String) throws -> String {
        if let option, !option.choices.isEmpty, !option.choices.contains(value) {
            throw UsageError("\(name) must be one of \(option.choices.joined(separator: ", ")), not '\(value)'")
        }
        return value
    }
}
