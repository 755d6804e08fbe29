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
        descriptors.flatMap { descriptor -> [ConfigKey] in
            // A shared key (`--key-of nyt`) is the owner's setting, listed under the owner.
            let own = descriptor.credential.flatMap { $0.keyOwner == nil ? $0 : nil }
            let key = own.map { _ in ConfigKey(name: descriptor.name + ".api-key", descriptor: descriptor, option: nil) }
            let options = descriptor.options.filter(\.configurable).map {
                ConfigKey(name: descriptor.name + "." + $0.name, descriptor: descriptor, option: $0)
            }
            return (key.map { [$0] } ?? []) + options
        }
    }

    /// Checks a value against the option's choices.
    func validate(_ value: String) throws -> String {
        if let option, !option.choices.isEmpty, !option.choices.contains(value) {
            throw UsageError("\(name) must be one of \(option.choices.joined(separator: ", ")), not '\(value)'")
        }
        return value
    }
}
