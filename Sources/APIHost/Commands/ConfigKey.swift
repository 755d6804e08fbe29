/// A setting `apicli config` knows: a provider's key or one of its configurable options.
struct ConfigKey: Sendable {
    let name: String
    let descriptor: ProviderDescriptor
    /// nil for a secret: the API key, or an OAuth2 client's id or secret.
    let option: OptionSpec?
    /// Which secret it is, when it is one.
    var secret: Secret? = nil

    /// The settings read like a key: from stdin, never shown.
    enum Secret: Sendable {
        case apiKey, clientID, clientSecret

        /// `api-key`, `client-id`, `client-secret`: the part after the provider's name.
        var word: String {
            switch self {
            case .apiKey: "api-key"
            case .clientID: "client-id"
            case .clientSecret: "client-secret"
            }
        }
    }

    var isSecret: Bool { option == nil }

    /// Where a secret is read from besides the config file; nil for an option.
    var variable: String? {
        switch secret {
        case .apiKey: descriptor.credential?.environmentVariable
        case .clientID: OAuth2Client.Names(descriptor).idVariable
        case .clientSecret: OAuth2Client.Names(descriptor).secretVariable
        case nil: nil
        }
    }

    /// Every known setting, keys first, in provider order.
    static func all(in registry: ProviderRegistry) -> [ConfigKey] {
        all(for: registry.compiled.map(\.descriptor))
    }

    static func all(for descriptors: [ProviderDescriptor]) -> [ConfigKey] {
        descriptors.flatMap { descriptor in
            settings(of: descriptor).map { setting in
                switch setting {
                case let .option(option): ConfigKey(name: name(of: setting, in: descriptor), descriptor: descriptor, option: option)
                case let .secret(secret):
                    ConfigKey(name: name(of: setting, in: descriptor), descriptor: descriptor, option: nil, secret: secret)
                }
            }
        }
    }

    /// The keys' names alone, as ``all(for:)`` names them: what completions offer, made
    /// without a copy of each provider's description per key.
    static func names(for descriptors: [ProviderDescriptor]) -> [String] {
        descriptors.flatMap { descriptor in settings(of: descriptor).map { name(of: $0, in: descriptor) } }
    }

    private enum Setting {
        case secret(Secret)
        case option(OptionSpec)
    }

    /// A provider's settings: its key, its OAuth2 client's id and secret when it signs in,
    /// then each configurable option. A shared key (`--key-of nyt`) is the owner's setting,
    /// listed under the owner.
    private static func settings(of descriptor: ProviderDescriptor) -> [Setting] {
        let own = descriptor.credential.map { $0.keyOwner == nil } ?? false
        let signsIn = own && descriptor.credential?.oauth2 != nil
        return (own ? [.secret(.apiKey)] : []) + (signsIn ? [.secret(.clientID), .secret(.clientSecret)] : [])
            + descriptor.options.filter(\.configurable).map { .option($0) }
    }

    /// `nyt.api-key`, `spotify.client-id`, `weather.units`.
    private static func name(of setting: Setting, in descriptor: ProviderDescriptor) -> String {
        switch setting {
        case let .secret(secret): descriptor.name + "." + secret.word
        case let .option(option): descriptor.name + "." + option.name
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
