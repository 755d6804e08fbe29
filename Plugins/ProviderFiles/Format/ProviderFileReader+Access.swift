import APICore

/// Reading the access fields of a provider file: `key.scheme` (a bearer token or
/// HTTP basic) and `keyOf` (another provider's key).
///
/// `keyOf` is the one exception to "a file reads only `<NAME>_API_KEY`". It stays
/// safe because it widens the choice to apicli's own key variables only: the named
/// compiled provider's declared variable, or another provider file's
/// `<NAME>_API_KEY`, never an arbitrary variable (`AWS_SECRET_ACCESS_KEY`,
/// `GITHUB_TOKEN`). The file is trusted as the user's own (it must be owner-only),
/// `provider show` prints the field, and the key still goes to the file's own base
/// URL alone and never after a redirect to another origin.
extension ProviderFileReader {
    /// `keyOf`: a provider's name, not this one's, and not a built-in command.
    func readKeyOf(_ fields: inout FieldReader, name: String?) -> String? {
        guard let owner = fields.string("keyOf", required: false, maxLength: 40) else { return nil }
        let line = fields.node["keyOf"]?.line
        guard ProviderDescriptor.isValidName(owner) else {
            fields.problem("keyOf", line: line, "'\(owner)' is not a provider name (lowercase letters, digits and dashes)")
            return nil
        }
        if owner == name {
            fields.problem("keyOf", line: line, "names this provider itself; leave keyOf out")
            return nil
        }
        // A compiled provider without a key, or a built-in command, has no key to share.
        if reserved.commands.contains(owner) && reserved.keyVariables[owner] == nil {
            fields.problem("keyOf", line: line, "'\(owner)' is not a provider with a key")
            return nil
        }
        if fields.node["key"]?.string == "none" {
            fields.problem("keyOf", line: line, "the key is \"none\"; there is no key to share")
            return nil
        }
        return owner
    }

    /// The only variable the key may come from: the file's own, or its `keyOf` provider's.
    func keyVariable(name: String?, keyOf: String?) -> String {
        if let keyOf { return ProviderFile.keyVariable(of: keyOf, reserved: reserved) }
        return name.map(ProviderFile.keyVariable) ?? ""
    }

    /// `"scheme": "bearer"` or `"basic"`, alone: the key goes in `Authorization`.
    func readScheme(_ key: inout FieldReader) -> CredentialPlacement? {
        let node = key.node
        if let other = node["parameter"] ?? node["header"] {
            key.problem("scheme", line: other.line, "give one of parameter, header or scheme")
            return nil
        }
        guard let scheme = key.string("scheme", maxLength: 20) else { return nil }
        switch scheme {
        case "bearer": return .bearer
        case "basic": return .basic
        default:
            var message = "unknown scheme '\(scheme)'; use bearer or basic"
            if let near = NearestName.suggest(scheme, among: ["bearer", "basic"]) { message += " (did you mean '\(near)'?)" }
            key.problem("scheme", line: node["scheme"]?.line, message)
            return nil
        }
    }
}
