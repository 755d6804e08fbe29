import Foundation

/// One request as the loopback server received it, for tests to assert on.
///
/// The query is decoded exactly as a server would: `%XX` escapes become bytes and
/// nothing else changes, so a `+` sent unescaped stays a `+` here. That makes
/// percent-encoding tests able to fail.
public struct RecordedRequest: Sendable {
    public var method: String
    /// The request target as sent: path and raw query string.
    public var target: String
    /// The path without the query, still percent-encoded.
    public var path: String
    /// The raw query string after `?`, or an empty string.
    public var rawQuery: String
    /// The query's `name=value` pairs, percent-decoded, in order.
    public var query: [Parameter]
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// When the request's head was read completely.
    public var arrival: Date

    public struct Parameter: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    public init(
        method: String, target: String, headers: [(name: String, value: String)], body: Data, arrival: Date
    ) {
        self.method = method
        self.target = target
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.path = parts.first.map(String.init) ?? target
        self.rawQuery = parts.count > 1 ? String(parts[1]) : ""
        self.query = Self.parse(query: rawQuery)
        self.headers = headers
        self.body = body
        self.arrival = arrival
    }

    /// The first value of the query parameter `name`.
    public func query(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The first value of the header `name`, compared without regard to case.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// Everything the client sent in the head, for "the secret appears nowhere" checks.
    public var headText: String {
        ([method + " " + target] + headers.map { "\($0.name): \($0.value)" }).joined(separator: "\n")
    }

    static func parse(query: String) -> [Parameter] {
        guard !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let sides = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(sides[0])
            let value = sides.count > 1 ? String(sides[1]) : ""
            return Parameter(
                name: name.removingPercentEncoding ?? name,
                value: value.removingPercentEncoding ?? value
            )
        }
    }
}
