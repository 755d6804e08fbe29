import APIDocuments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension OpenAPIDocument {
    /// The flows of an OAuth2 scheme apicli can run, or nil when it has none.
    ///
    /// OpenAPI 3 lists them under `flows` (`clientCredentials`, `authorizationCode`, and
    /// from 3.2 `deviceAuthorization`, also read as `x-deviceAuthorization`); Swagger 2
    /// names one as `flow` (`application`, `accessCode`). Implicit and password grants are
    /// not run (RFC 9700 advises against both), and a flow whose endpoints are not
    /// absolute https URLs is left out rather than guessed.
    func oauth2Flows(_ scheme: DocumentNode) -> ProviderFile.OAuth2? {
        typealias Kind = ProviderFile.OAuth2.Flow.Kind
        var found: [(Kind, DocumentNode)] = []
        if isSwagger2 {
            switch scheme["flow"]?.string {
            case "application": found.append((.clientCredentials, scheme))
            case "accessCode": found.append((.authorizationCode, scheme))
            default: break
            }
        } else if let flows = scheme["flows"].map(resolved) {
            for (name, kind) in [("clientCredentials", Kind.clientCredentials), ("authorizationCode", .authorizationCode),
                                 ("deviceAuthorization", .deviceAuthorization), ("x-deviceAuthorization", .deviceAuthorization)] {
                if let node = flows[name].map(resolved), !found.contains(where: { $0.0 == kind }) { found.append((kind, node)) }
            }
        }
        let flows = found.compactMap { kind, node in Self.flow(kind, node) }
        return flows.isEmpty ? nil : ProviderFile.OAuth2(flows: flows)
    }

    private static func flow(_ kind: ProviderFile.OAuth2.Flow.Kind, _ node: DocumentNode) -> ProviderFile.OAuth2.Flow? {
        func endpoint(_ name: String) -> URL? {
            guard let text = node[name]?.string, let url = URL(string: text), ProviderFile.OAuth2.isUsableEndpoint(url) else { return nil }
            return url
        }
        guard let token = endpoint("tokenUrl") else { return nil }
        let authorization = endpoint("authorizationUrl")
        let device = endpoint("deviceAuthorizationUrl")
        if kind == .authorizationCode, authorization == nil { return nil }
        if kind == .deviceAuthorization, device == nil { return nil }
        let scopes = (node["scopes"]?.members ?? []).map(\.key).filter { name in
            !name.isEmpty && name.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" }
        }
        return .init(kind: kind, tokenURL: token, authorizationURL: authorization, deviceAuthorizationURL: device, scopes: Array(scopes.prefix(200)))
    }
}
