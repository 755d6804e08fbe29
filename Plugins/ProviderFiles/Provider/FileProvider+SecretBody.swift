import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The request body, encoded once as sent and once as shown: a member the file marks
/// `secret` (a password in the API's document) goes to the server as given and is
/// shown as `***` by `--dry-run` and the question before a write.
extension FileProvider {
    /// The fields as a form (`a=1&b=x`) or as one JSON object.
    static func encodedBody(_ fields: [BodyField], form: Bool) -> Data {
        guard form else {
            return Data(JSONValue.object(fields.map { JSONValue.Member($0.name, $0.value) }).serialized(pretty: false).utf8)
        }
        let pairs = fields.map { field -> QueryItem in
            if case let .string(text) = field.value { return QueryItem(field.name, text) }
            return QueryItem(field.name, field.value.serialized(pretty: false))
        }
        return Data(PercentEncoding.formQuery(pairs).utf8)
    }

    /// Sets the shown body and the secret values when any secret member is sent.
    func maskSecrets(of operation: ProviderFile.Operation, fields: [BodyField], in endpoint: inout Endpoint) {
        let secret = Set(operation.bodyOptions.filter(\.secret).map(\.parameter))
        guard fields.contains(where: { secret.contains($0.name) }) else { return }
        let shown = fields.map { secret.contains($0.name) ? BodyField(name: $0.name, value: .string("***")) : $0 }
        endpoint.shownBody = Self.encodedBody(shown, form: operation.formBody)
        endpoint.bodySecrets = fields.filter { secret.contains($0.name) }.map { field in
            if case let .string(text) = field.value { return text }
            return field.value.serialized(pretty: false)
        }
    }
}
