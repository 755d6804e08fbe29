import APICore

extension ProviderFileWriter {
    /// `key.oauth2`: one member per flow, in the reader's order.
    static func oauth2(_ oauth2: ProviderFile.OAuth2) -> JSONValue {
        .object(oauth2.flows.map { flow in
            var members: [JSONValue.Member] = [.init("tokenURL", .string(flow.tokenURL.absoluteString))]
            if let url = flow.authorizationURL { members.append(.init("authorizationURL", .string(url.absoluteString))) }
            if let url = flow.deviceAuthorizationURL { members.append(.init("deviceAuthorizationURL", .string(url.absoluteString))) }
            if !flow.scopes.isEmpty { members.append(.init("scopes", .array(flow.scopes.map { .string($0) }))) }
            return .init(flow.kind.rawValue, .object(members))
        })
    }
}
