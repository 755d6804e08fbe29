import Foundation

/// One HTTP request as a provider describes it: where it goes, which parameters
/// it carries, and which parameter holds the API key.
///
/// The key travels inside as a ``Credential`` whose descriptions are redacted,
/// so printing a request, a URL built for display, or a cache key can never leak
/// it. Only ``url`` — the one handed to the transport — contains the secret.
public struct HTTPRequest: Sendable, Hashable {
    public var method: String
    /// The provider's base URL, possibly with a path prefix (`https://gw.example/nyt`).
    public var baseURL: URL
    /// The API path appended to ``baseURL`` (`/svc/search/v2/articlesearch.json`).
    public var path: String
    /// Query parameters in the order they are sent; the credential is appended last.
    public var query: [QueryItem]
    public var headers: HTTPHeaders
    public var credential: Credential?

    public init(
        method: String = "GET",
        baseURL: URL,
        path: String,
        query: [QueryItem] = [],
        headers: HTTPHeaders = HTTPHeaders(),
        credential: Credential? = nil
    ) {
        self.method = method
        self.baseURL = baseURL
        self.path = path
        self.query = query
        self.headers = headers
        self.credential = credential
    }

    /// Whether repeating the request is harmless, which is what allows a retry.
    public var isIdempotent: Bool { ["GET", "HEAD", "OPTIONS"].contains(method.uppercased()) }

    /// The real URL, secret included: for the transport only.
    public var url: URL {
        // Every byte outside the unreserved set is escaped by `PercentEncoding`, so the
        // string always parses; the fallback only keeps this total.
        URL(string: urlString(credentialPair: credential.map { PercentEncoding.formQuery([QueryItem($0.parameter, $0.value)]) }))
            ?? baseURL
    }

    /// The URL with the key, and any password in the base URL, shown as `***`
    /// (literally, not `%2A%2A%2A`): safe for errors and traces.
    public var redactedURL: String {
        URLPassword.redacted(urlString(credentialPair: credential.map { PercentEncoding.encode($0.parameter) + "=***" }))
    }

    /// The URL without the credential parameter at all (and any base-URL password
    /// as `***`): the response cache's key, so that changing keys does not orphan
    /// cached responses, and no secret is stored.
    public var cacheKey: String { method.uppercased() + " " + URLPassword.redacted(urlString(credentialPair: nil)) }

    /// Every secret this request carries, as a server or a platform error might
    /// echo it: the key as sent and percent-encoded, and a base-URL password.
    public var secrets: [String] {
        var forms: Set<String> = []
        if let value = credential?.value, !value.isEmpty {
            forms.formUnion([value, PercentEncoding.encode(value)])
        }
        if let password = URLPassword.password(in: baseURL.absoluteString) {
            forms.formUnion([password, password.removingPercentEncoding ?? password])
        }
        // Longest first, so a form that contains another is replaced whole.
        return forms.sorted { $0.count > $1.count }
    }

    /// - Parameter credentialPair: the already-encoded `name=value` appended last, if any.
    private func urlString(credentialPair: String?) -> String {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let joinedPath = path.isEmpty || path.hasPrefix("/") ? path : "/" + path
        var parts = query.isEmpty ? [] : [PercentEncoding.formQuery(query)]
        if let credentialPair { parts.append(credentialPair) }
        guard !parts.isEmpty else { return base + joinedPath }
        return base + joinedPath + "?" + parts.joined(separator: "&")
    }
}

/// One `name=value` pair of a query string, kept in order.
public struct QueryItem: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// The API key and the query parameter that carries it (`api-key`, `appid`).
///
/// Its descriptions never show the value, so string interpolation, `dump` and
/// test failure messages stay clean.
public struct Credential: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    public var parameter: String
    public var value: String

    public init(parameter: String, value: String) {
        self.parameter = parameter
        self.value = value
    }

    public var description: String { "\(parameter)=***" }
    public var debugDescription: String { description }
}
