#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

/// One HTTP request as a provider describes it: where it goes, which parameters
/// it carries, and which parameter or header holds the API key.
///
/// The key travels inside as a ``Credential`` whose descriptions are redacted,
/// so printing a request, a URL built for display, or a cache key can never leak
/// it. Only ``url`` and ``transportHeaders`` — what the transport sends — contain
/// the secret; ``headers`` never does.
public struct HTTPRequest: Sendable, Hashable {
    public var method: String
    /// The provider's base URL, possibly with a path prefix (`https://gw.example/nyt`).
    public var baseURL: URL
    /// The API path appended to ``baseURL`` (`/svc/search/v2/articlesearch.json`).
    public var path: String
    /// Query parameters in the order they are sent; a query credential is appended last.
    public var query: [QueryItem]
    /// The headers without the key: safe to show. A header credential is added by ``transportHeaders``.
    public var headers: HTTPHeaders
    public var credential: Credential?
    /// The body as sent (JSON, a form, raw bytes); its `Content-Type` is in ``headers``.
    public var body: Data?
    /// Whether the request only reads: a GET or HEAD, or a POST the provider declares a
    /// search. A read may be cached and retried; anything else is a write (``HTTPRequest+Method.swift``).
    public var isRead: Bool
    /// The body as shown to a person, secret members as `***`; nil: ``body`` has none.
    public var shownBody: Data? = nil
    /// Secret values inside the body (a password member): redacted like the key.
    public var bodySecrets: [String] = []

    public init(
        method: String = "GET",
        baseURL: URL,
        path: String,
        query: [QueryItem] = [],
        headers: HTTPHeaders = HTTPHeaders(),
        credential: Credential? = nil,
        body: Data? = nil,
        isRead: Bool? = nil
    ) {
        self.body = body
        self.isRead = isRead ?? HTTPRequest.isReadMethod(method)
        self.method = method
        self.baseURL = baseURL
        self.path = path
        self.query = query
        self.headers = headers
        self.credential = credential
    }

    /// Whether repeating the request is harmless, which is what allows a retry.
    public var isIdempotent: Bool { ["GET", "HEAD", "OPTIONS"].contains(method.uppercased()) || isRead }

    /// The real URL, secret included when the key is a query parameter: for the transport only.
    public var url: URL {
        // Every byte outside the unreserved set is escaped by `PercentEncoding`, so the
        // string always parses; the fallback only keeps this total.
        URL(string: urlString(credentialPair: queryCredential.map { PercentEncoding.formQuery([$0]) }))
            ?? baseURL
    }

    /// The headers as sent, the key's header included: for the transport only.
    /// The credential's header replaces a header of the same name.
    public var transportHeaders: HTTPHeaders {
        guard let credential, let name = credential.placement.headerName else { return headers }
        var sent = headers
        sent[name] = credential.placement.headerValue(for: credential.value)
        return sent
    }

    /// The URL with a query key, and any password in the base URL, shown as `***`
    /// (literally, not `%2A%2A%2A`): safe for errors and traces. A header key is
    /// not part of the URL, so it does not show at all.
    public var redactedURL: String {
        URLPassword.redacted(urlString(credentialPair: queryCredential.map { PercentEncoding.encode($0.name) + "=***" }))
    }

    /// The key as a query pair, when a query parameter carries it.
    private var queryCredential: QueryItem? {
        guard let credential, case let .query(name) = credential.placement else { return nil }
        return QueryItem(name, credential.value)
    }

    /// The URL without the credential parameter at all (and any base-URL password
    /// as `***`): the response cache's key, so that changing keys does not orphan
    /// cached responses, and no secret is stored.
    public var cacheKey: String {
        method.uppercased() + " " + URLPassword.redacted(urlString(credentialPair: nil)) + bodyKeySuffix
    }

    /// Every secret this request carries, as a server or a platform error might
    /// echo it: the key as sent and percent-encoded, and a base-URL password.
    public var secrets: [String] {
        var forms: Set<String> = []
        if let value = credential?.value, !value.isEmpty {
            forms.formUnion([value, PercentEncoding.encode(value)])
            // HTTP basic: the base64 of `user:password`, and the password alone.
            for derived in credential?.placement.derivedSecrets(of: value) ?? [] {
                forms.formUnion([derived, PercentEncoding.encode(derived)])
            }
        }
        if let password = URLPassword.password(in: baseURL.absoluteString) {
            forms.formUnion([password, PercentCoding.decode(password) ?? password])
        }
        // A short one would mask unrelated text; the shown body masks it by member whatever its length.
        for secret in bodySecrets where secret.utf8.count >= SecretScrubber.shortestKey {
            forms.formUnion([secret, PercentEncoding.encode(secret)])
        }
        // Longest first, so a form that contains another is replaced whole.
        return forms.sorted { $0.count > $1.count }
    }

    /// - Parameter credentialPair: the already-encoded `name=value` appended last, if any.
    private func urlString(credentialPair: String?) -> String {
        var base = baseURL.absoluteString
        while base.utf8.last == UInt8(ascii: "/") { base.removeLast() }
        let joinedPath = path.isEmpty || path.startsWithLiteral("/") ? path : "/" + path
        var parts = query.isEmpty ? [] : [PercentEncoding.formQuery(query)]
        if let credentialPair { parts.append(credentialPair) }
        guard !parts.isEmpty else { return base + joinedPath }
        return base + joinedPath + "?" + parts.joined(with: "&")
    }
}
