/// Where an API key travels in a request.
///
/// Both places get the same guarantees: the transport alone sees the value,
/// it is never shown (``HTTPRequest/redactedURL``, traces, errors), never part
/// of the cache key, and never sent to another origin after a redirect
/// (``RedirectPolicy``).
public enum CredentialPlacement: Sendable, Hashable {
    /// A query parameter (`api-key`, `appid`).
    case query(String)
    /// A request header (`X-Api-Key`).
    case header(String)

    /// The parameter's or the header's name.
    public var name: String {
        switch self {
        case let .query(name), let .header(name): name
        }
    }

    /// How help and messages name it: `query parameter 'appid'`, `header 'X-Api-Key'`.
    public var wording: String {
        switch self {
        case let .query(name): "query parameter '\(name)'"
        case let .header(name): "header '\(name)'"
        }
    }
}
