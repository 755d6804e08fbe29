#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

/// Defaults for a provider whose response is plain `Codable` data: it decodes,
/// persists, loads and prints as JSON without a line of code, so a new
/// provider only states its API's facts (the command, the request, the table).
///
/// The answer to each query is kept whole, as JSON, in one table named after
/// the provider (`hn_answers` for `hn`), keyed by the query's label (``Capabilities/label``);
/// a provider that wants offline search over its records writes its own tables.
extension Provider where Response: Decodable {
    public func decode(_ body: Data, for query: Query, warnings: inout [String]) throws -> Response {
        try JSONBody.decode(Response.self, from: body) {
            "the \(descriptor.displayName) answer is not the expected JSON (\($0))"
        }
    }
}

extension Provider where Response: Encodable {
    /// The response itself, or its elements when it encodes as an array.
    public func json(_ results: [Response]) -> any Sequence<JSONValue> {
        results.lazy.flatMap { response -> [JSONValue] in
            guard let value = try? JSONValue.encoding(response) else { return [] }
            if case let .array(items) = value { return items }
            return [value]
        }
    }
}

extension Provider where Response: Codable {
    public var migrations: [Migration] { [answers.migration(1)] }

    public func persist(_ response: Response, for query: Query, in context: PersistContext) throws {
        let value = try JSONValue.encoding(response)
        try answers.replace([value], for: capabilities.label(for: query), fetchedAt: context.fetchedAt, in: context.transaction)
    }

    public func load(_ query: Query, from transaction: any StoreTransaction) throws -> Stored<Response>? {
        guard let stored = try answers.load(capabilities.label(for: query), from: transaction),
            let value = stored.value.first,
            let response = try? JSONValue.decode(Response.self, from: value)
        else { return nil }
        return Stored(response, fetchedAt: stored.fetchedAt)
    }

    /// `hn_answers` for `hn`: the provider's name made a plain SQL identifier.
    private var answers: ResultSetTable {
        ResultSetTable(descriptor.name.replacingAll("-", with: "_") + "_answers")
    }
}
