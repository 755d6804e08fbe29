/// A provider's key from the settings, checked once for every command that
/// sends one: a provider run and `apicli api`.
enum CredentialLookup {
    /// The key, or exit 78 saying how to set it — unless `offline` needs none, or the key is optional.
    static func credential(for descriptor: ProviderDescriptor, settings: Settings, offline: Bool) throws -> Credential? {
        guard let spec = descriptor.credential else { return nil }
        guard let key = settings.apiKey(for: descriptor) else {
            // An optional key (OAuth2 declared but not required): the API answers without it.
            if offline || spec.optional { return nil }
            throw CLIError(
                "no \(descriptor.displayName) API key: set \(spec.environmentVariable) or run "
                    + "'apicli config set \(descriptor.apiKeySetting)' (get one at \(spec.signupURL))",
                exitCode: .configuration)
        }
        if key.count < SecretScrubber.shortestKey {
            // A key this short occurs in ordinary words: it could not be scrubbed from what servers send.
            throw CLIError(
                "the \(descriptor.displayName) API key is \(key.count) characters long; apicli refuses keys "
                    + "under \(SecretScrubber.shortestKey), which cannot be kept out of output without mangling words "
                    + "that contain them; set the full key with \(spec.environmentVariable) or "
                    + "'apicli config set \(descriptor.apiKeySetting)'",
                exitCode: .configuration)
        }
        if key.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            // Wherever the key goes: a line break in a header value would end the header and start
            // another, and a key no one can type is a copying mistake in a query parameter too.
            throw CLIError(
                "the \(descriptor.displayName) API key contains a control character (a line break?); "
                    + "set it again with 'apicli config set \(descriptor.apiKeySetting)' or \(spec.environmentVariable)",
                exitCode: .configuration)
        }
        return Credential(placement: spec.placement, value: key)
    }
}
