import APICore
import APIDocuments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading `key.oauth2`: an object with one member per flow (`clientCredentials`,
/// `authorizationCode`, `deviceAuthorization`), each with its endpoints and scopes.
/// The token goes as a bearer token, so the key's scheme must be `bearer`.
extension ProviderFileReader {
    static let oauth2FlowFields = ["tokenURL", "authorizationURL", "deviceAuthorizationURL", "scopes"]

    func readOAuth2(_ key: inout FieldReader, placement: CredentialPlacement?) -> ProviderFile.OAuth2? {
        guard let node = key.object("oauth2") else { return nil }
        if let placement, placement != .bearer {
            key.problem("oauth2", line: node.line, "an OAuth2 token goes as a bearer token; use \"scheme\": \"bearer\"")
            return nil
        }
        var reader = FieldReader(node, prefix: key.field("oauth2"))
        reader.refuseUnknown(ProviderFile.OAuth2.Flow.Kind.allCases.map(\.rawValue))
        defer { key.absorb(reader) }
        var flows: [ProviderFile.OAuth2.Flow] = []
        for kind in ProviderFile.OAuth2.Flow.Kind.allCases {
            guard let flowNode = reader.object(kind.rawValue) else { continue }
            var flow = FieldReader(flowNode, prefix: reader.field(kind.rawValue))
            flow.refuseUnknown(Self.oauth2FlowFields)
            if let read = readFlow(&flow, kind: kind) { flows.append(read) }
            reader.absorb(flow)
        }
        if flows.isEmpty, reader.problems.isEmpty {
            reader.problem("", line: node.line, "names no flow; give clientCredentials, authorizationCode or deviceAuthorization")
        }
        return flows.isEmpty ? nil : ProviderFile.OAuth2(flows: flows)
    }

    private func readFlow(_ flow: inout FieldReader, kind: ProviderFile.OAuth2.Flow.Kind) -> ProviderFile.OAuth2.Flow? {
        let token = endpoint(&flow, "tokenURL", required: true)
        let authorization = endpoint(&flow, "authorizationURL", required: kind == .authorizationCode)
        let device = endpoint(&flow, "deviceAuthorizationURL", required: kind == .deviceAuthorization)
        var scopes: [String] = []
        for (index, node) in (flow.array("scopes", maxCount: 200) ?? []).enumerated() {
            guard let scope = node.string, !scope.isEmpty,
                  scope.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" })
            else {
                flow.problem("scopes[\(index)]", line: node.line, "must be a scope name (printable ASCII, no spaces or quotes)")
                continue
            }
            scopes.append(scope)
        }
        guard let token, !(kind == .authorizationCode && authorization == nil), !(kind == .deviceAuthorization && device == nil)
        else { return nil }
        return .init(kind: kind, tokenURL: token, authorizationURL: authorization, deviceAuthorizationURL: device, scopes: scopes)
    }

    private func endpoint(_ flow: inout FieldReader, _ name: String, required: Bool) -> URL? {
        guard let text = flow.string(name, required: required, maxLength: 500) else { return nil }
        guard let url = URL(string: text), ProviderFile.OAuth2.isUsableEndpoint(url) else {
            flow.problem(name, line: flow.node[name]?.line, "'\(text)' must be an https:// URL (http:// only to 127.0.0.1 or localhost)")
            return nil
        }
        return url
    }
}
