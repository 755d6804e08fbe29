import APICore
import APIDocuments

/// Which of the document's key schemes an operation uses, and where the key goes.
///
/// The operation's own `security` wins over the document's (an empty list there
/// means no key). The requirements are alternatives: the first one apicli can send
/// is taken, and one that is empty (`security: [{}]`, or `{}` among others) means
/// the API answers without a key, so none is asked for. A requirement naming two
/// schemes at once needs two keys, which a provider file cannot hold.
///
/// OAuth2 and OpenID Connect need a sign-in flow apicli does not run, so a document
/// that offers nothing else is refused (78), with the way out in the same line:
/// a token obtained elsewhere works as a bearer token with `--bearer`. Importing
/// such a document with a bearer key silently would look as if apicli handled the
/// sign-in, refresh and scopes, and the first run would fail with a rejected key.
extension OpenAPIDocument {
    func keyPlacement(for operation: DocumentNode, access: OpenAPIAccess) throws -> CredentialPlacement? {
        if access.bearer { return .bearer }
        let requirements = (operation["security"] ?? root["security"])?.array ?? []
        let schemes = isSwagger2 ? root["securityDefinitions"] : root["components"]?["securitySchemes"]
        if requirements.contains(where: { ($0.members ?? []).isEmpty }) { return nil }
        var refusals: [String] = []
        for requirement in requirements {
            let names = requirement.members?.map(\.key) ?? []
            guard names.count == 1, let name = names.first else {
                refusals.append("the requirement \(names.joined(separator: " + ")) needs \(names.count) keys at once")
                continue
            }
            guard let scheme = schemes?[name].map(resolved) else {
                throw error(requirement, "the security requirement names '\(name)', which no security scheme defines")
            }
            switch try placement(of: scheme, named: name) {
            case let .placement(placement): return placement
            case let .refused(reason): refusals.append(reason)
            }
        }
        guard let first = refusals.first else { return nil }
        throw error(operation["security"] ?? root["security"], first)
    }

    private enum Choice {
        case placement(CredentialPlacement)
        case refused(String)
    }

    /// One scheme: a place apicli can send the key, or why not.
    private func placement(of scheme: DocumentNode, named name: String) throws -> Choice {
        let type = scheme["type"]?.string ?? "?"
        switch type {
        case "apiKey":
            guard let parameter = scheme["name"]?.string else { throw error(scheme, "the key scheme '\(name)' has no name") }
            switch scheme["in"]?.string {
            case "query":
                return .placement(.query(parameter))
            case "header":
                if let problem = KeyHeaderName.problem(with: parameter) { throw error(scheme, problem) }
                return .placement(.header(parameter))
            case let place:
                return .refused("the key goes in a \(place ?? "?"); provider files send keys as a query parameter or a header only")
            }
        case "basic":
            return .placement(.basic)
        case "http":
            switch scheme["scheme"]?.string?.lowercased() {
            case "bearer": return .placement(.bearer)
            case "basic": return .placement(.basic)
            case let other:
                return .refused("the key scheme '\(name)' is HTTP \(other ?? "?"); apicli sends bearer and basic only")
            }
        case "oauth2", "openIdConnect":
            let spoken = type == "oauth2" ? "OAuth2" : "OpenID Connect"
            return .refused("the key scheme '\(name)' is \(spoken), which apicli cannot sign in with; "
                + "a bearer token from elsewhere works: import again with --bearer")
        default:
            return .refused("the key scheme '\(name)' is of type '\(type)', which apicli cannot send")
        }
    }
}
