import APICore
import APIDocuments

/// What an operation's security asks of apicli: no key, a key, or a key the API can go
/// without; and any identification the document declares as if it were a key.
///
/// The operation's own `security` wins over the document's; an empty list there means
/// no key. The requirements are alternatives: the first one apicli can send is taken,
/// and one that is empty (`security: [{}]`, or `{}` among others) means the API
/// answers without a key, so the key is optional. A requirement naming two schemes at
/// once needs two keys, which a provider file cannot hold.
///
/// A document that declares schemes but requires none anywhere (Stack Exchange's OAuth2)
/// says the API works without a key and that a key can be sent: that is an optional key
/// too, sent when the user sets one. One that declares no scheme at all (GitHub's 2020
/// description) is keyless, unless imported with `--bearer`, which makes the token
/// optional. Where some operations require a key and others say nothing (Petstore's
/// `getUserByName` beside its keyed `getPetById`), those say no key.
///
/// OAuth2 and OpenID Connect need a sign-in flow apicli does not run. When they are
/// optional, a token obtained elsewhere is sent as a bearer token if the user sets one;
/// when they are all an operation offers, it is left out with the way out in the same
/// line: `--bearer` imports it sending the key as a bearer token. Importing a required
/// OAuth2 key silently would look as if apicli handled the sign-in, refresh and scopes.
///
/// An `apiKey` "key" in an identification header (the National Weather Service's
/// `User-Agent`, an app name and a contact) is no secret and is always satisfied: it
/// becomes a header setting (``ProviderFile/Header``), never a key, and never a refusal.
struct KeyChoice: Equatable {
    enum Use: Equatable {
        case none, required, optional
    }

    /// Where the key goes; nil when the operation sends none.
    var placement: CredentialPlacement?
    var use: Use
    /// The identification headers its security names (`User-Agent`), in order.
    var identification: [String] = []
    /// The sign-in flows of an OAuth2 scheme apicli can run; nil for any other key.
    var oauth2: ProviderFile.OAuth2? = nil

    static let none = KeyChoice(placement: nil, use: .none)
}

extension OpenAPIDocument {
    func keyChoice(for operation: DocumentNode, access: OpenAPIAccess) throws -> KeyChoice {
        guard let requirements = (operation["security"] ?? root["security"])?.array else {
            // Nothing said: no key, unless the whole document requires none yet declares a way to send one.
            // `--bearer` on such a document (GitHub's declares nothing) is that way: a token sent when set.
            guard !access.noKey, requiresNothing,
                  let placement = access.bearer ? .bearer : try firstDeclaredPlacement(access: access)
            else { return .none }
            return KeyChoice(placement: placement, use: .optional)
        }
        var identification: [String] = []
        var alternatives: [[(name: String, scheme: DocumentNode)]] = []
        for requirement in requirements {
            var keys: [(name: String, scheme: DocumentNode)] = []
            for name in requirement.members?.map(\.key) ?? [] {
                guard let scheme = schemes?[name].map(resolved) else {
                    throw error(requirement, "the security requirement names '\(name)', which no security scheme defines")
                }
                if let header = Self.identificationHeader(scheme) {
                    if !identification.contains(header) { identification.append(header) }
                } else {
                    keys.append((name, scheme))
                }
            }
            alternatives.append(keys)
        }
        // `{}`, or only an identification: the API answers without a key.
        let answersWithout = alternatives.contains { $0.isEmpty }
        if access.noKey || requirements.isEmpty { return KeyChoice(placement: nil, use: .none, identification: identification) }
        var refusals: [String] = []
        for keys in alternatives where !keys.isEmpty {
            guard keys.count == 1, let key = keys.first else {
                refusals.append("the requirement \(keys.map(\.name).joined(separator: " + ")) needs \(keys.count) keys at once")
                continue
            }
            switch try placement(of: key.scheme, named: key.name, access: access, optional: answersWithout) {
            case let .placement(placement):
                return KeyChoice(placement: placement, use: answersWithout ? .optional : .required, identification: identification)
            case let .oauth2(flows):
                return KeyChoice(placement: .bearer, use: answersWithout ? .optional : .required, identification: identification, oauth2: flows)
            case let .refused(reason):
                refusals.append(reason)
            }
        }
        if answersWithout { return KeyChoice(placement: nil, use: .none, identification: identification) }
        throw error(operation["security"] ?? root["security"], refusals.first ?? "no security requirement apicli can send")
    }

    /// The schemes the document declares (Swagger 2's `securityDefinitions`, OpenAPI 3's `securitySchemes`).
    private var schemes: DocumentNode? {
        isSwagger2 ? root["securityDefinitions"] : root["components"]?["securitySchemes"]
    }

    /// Whether no requirement anywhere in the document (its own, any operation's, of any method) names a scheme.
    var requiresNothing: Bool {
        func names(_ node: DocumentNode?) -> Bool {
            (node?.array ?? []).contains { !($0.members ?? []).isEmpty }
        }
        if names(root["security"]) { return false }
        for (_, item) in root["paths"]?.members ?? [] {
            for (_, operation) in resolved(item).members ?? [] where names(operation["security"]) { return false }
        }
        return true
    }

    /// The first declared scheme apicli can send a key with, for an optional key; OAuth2 as a bearer token.
    private func firstDeclaredPlacement(access: OpenAPIAccess) throws -> CredentialPlacement? {
        for (name, node) in schemes?.members ?? [] {
            let scheme = resolved(node)
            if Self.identificationHeader(scheme) != nil { continue }
            if access.bearer { return .bearer }
            switch try placement(of: scheme, named: name, access: access, optional: true) {
            case let .placement(placement): return placement
            case .oauth2: return .bearer
            case .refused: continue
            }
        }
        return nil
    }

    /// The header of an `apiKey` scheme that identifies the caller rather than holding a secret.
    static func identificationHeader(_ scheme: DocumentNode) -> String? {
        guard scheme["type"]?.string == "apiKey", scheme["in"]?.string == "header", let name = scheme["name"]?.string,
              SettingHeaderName.identification.contains(name.lowercased())
        else { return nil }
        return name
    }

    private enum Choice {
        case placement(CredentialPlacement)
        /// A bearer token apicli signs in for, with these flows.
        case oauth2(ProviderFile.OAuth2)
        case refused(String)
    }

    /// One scheme: a place apicli can send the key, or why not. `optional`: OAuth2 is
    /// taken as a bearer token, since the API answers without it anyway.
    private func placement(of scheme: DocumentNode, named name: String, access: OpenAPIAccess, optional: Bool = false) throws -> Choice {
        if access.bearer { return .placement(.bearer) }
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
            if type == "oauth2", let flows = oauth2Flows(scheme) { return .oauth2(flows) }
            if optional { return .placement(.bearer) }
            let spoken = type == "oauth2" ? "OAuth2" : "OpenID Connect"
            return .refused("the key scheme '\(name)' is \(spoken), with no flow apicli can sign in with; "
                + "a bearer token from elsewhere works: import again with --bearer")
        default:
            return .refused("the key scheme '\(name)' is of type '\(type)', which apicli cannot send")
        }
    }
}
