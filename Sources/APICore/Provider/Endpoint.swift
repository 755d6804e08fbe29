#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The part of a request a provider decides: the API path and its parameters.
///
/// The host joins it to the base URL (`APICLI_<NAME>_BASE_URL` or the
/// descriptor's default) and appends the key, so providers never see either.
public struct Endpoint: Sendable, Hashable {
    public var path: String
    public var query: [QueryItem]
    /// How long this answer stays fresh when the server does not say; nil for the
    /// descriptor's `cacheTTL`. NYT's newest articles with an open end date: 5 minutes,
    /// since someone polling for news expects news.
    public var cacheTTL: Duration?
    /// The HTTP method: GET unless the provider says otherwise.
    public var method = "GET"
    /// A JSON body, sent with `Content-Type: application/json`; nil sends none.
    public var body: Data? = nil
    /// Whether the request only reads (a GET, or a search sent as POST): only a read is
    /// cached, stored and answered offline; anything else is a write the host guards.
    public var isRead = true
    /// The body's media type; nil: `application/json` when there is a body.
    public var contentType: String? = nil
    /// The body as a person may see it (`--dry-run`, the question before a write): members the
    /// API's document marks as passwords shown as `***`; nil when it is the body itself.
    public var shownBody: Data? = nil
    /// The values of those members, kept out of what a server echoes and of errors.
    public var bodySecrets: [String] = []

    public init(path: String, query: [QueryItem] = [], cacheTTL: Duration? = nil) {
        self.path = path
        self.query = query
        self.cacheTTL = cacheTTL
    }

    /// Adds `name=value` when `value` is not nil: optional parameters stay one line each.
    public mutating func add(_ name: String, _ value: String?) {
        if let value { query.append(QueryItem(name, value)) }
    }
}
