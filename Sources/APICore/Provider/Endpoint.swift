/// The part of a request a provider decides: the API path and its parameters.
///
/// The host joins it to the base URL (`APICLI_<NAME>_BASE_URL` or the
/// descriptor's default) and appends the key, so providers never see either.
public struct Endpoint: Sendable, Hashable {
    public var path: String
    public var query: [QueryItem]

    public init(path: String, query: [QueryItem] = []) {
        self.path = path
        self.query = query
    }

    /// Adds `name=value` when `value` is not nil: optional parameters stay one line each.
    public mutating func add(_ name: String, _ value: String?) {
        if let value { query.append(QueryItem(name, value)) }
    }
}
