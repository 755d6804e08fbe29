import APICore

/// The OAuth2 client an OAuth2 provider signs in as: its id and, for a confidential
/// client, its secret. Both are read like a key (see ``Settings/apiKey(for:)``): from
/// `<NAME>_CLIENT_ID` and `<NAME>_CLIENT_SECRET`, else `<name>.client-id` and
/// `<name>.client-secret` set with `apicli config set`, never from a command-line word.
struct OAuth2Client: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    var id: String
    var secret: String?

    /// The settings' names and variables for `descriptor`.
    struct Names: Sendable {
        var idVariable: String
        var secretVariable: String
        var idSetting: String
        var secretSetting: String

        init(_ descriptor: ProviderDescriptor) {
            let stem = descriptor.name.uppercased().replacingAll("-", with: "_")
            idVariable = stem + "_CLIENT_ID"
            secretVariable = stem + "_CLIENT_SECRET"
            idSetting = descriptor.name + ".client-id"
            secretSetting = descriptor.name + ".client-secret"
        }
    }

    /// The secrets it holds, for the redaction set; the id is not one, but it is never printed either.
    var secrets: [String] { secret.map { [$0] } ?? [] }

    var description: String { "client ***\(secret == nil ? "" : " secret ***")" }
    var debugDescription: String { description }
}

extension Settings {
    /// The OAuth2 client of `descriptor`, or nil when no client id is set.
    func oauth2Client(for descriptor: ProviderDescriptor) -> OAuth2Client? {
        let names = OAuth2Client.Names(descriptor)
        guard let id = value(variable: names.idVariable, setting: names.idSetting) else { return nil }
        return OAuth2Client(id: id, secret: value(variable: names.secretVariable, setting: names.secretSetting))
    }

    /// A variable's value, else the config file's, trimmed; nil when neither is set.
    private func value(variable: String, setting: String) -> String? {
        if let value = variables[variable]?.trimmed(.whitespacesAndNewlines), !value.isEmpty { return value }
        if let value = config[setting]?.trimmed(.whitespacesAndNewlines), !value.isEmpty { return value }
        return nil
    }
}
