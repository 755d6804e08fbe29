#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A URL an answer names for its next page (a `next` field, a `Link: <…>; rel="next"`
/// header), made into an endpoint under the provider's base URL, or refused.
///
/// The key goes with every page, so a link is followed only within the base URL the run
/// uses: its scheme, host and port, and under its path prefix (`https://gw.example/nyt`).
/// When `APICLI_<NAME>_BASE_URL` points the provider elsewhere (a mirror, the loopback test
/// server), a link to the provider's declared base URL is taken to mean the same page there,
/// since that is where the user sends this provider's requests; the key still goes nowhere
/// else. Anything else (another host, another port, `https` to `http`, a path outside the
/// prefix, a dot segment or an encoded slash that ``APIPath`` refuses) ends paging with a
/// warning, before any request.
enum PageLink {
    enum Resolution: Equatable {
        case endpoint(Endpoint)
        /// Not followed; the reason, worded for the warning (it names origins, never the whole link).
        case refused(String)
    }

    /// - Parameters:
    ///   - link: the URL as the answer gave it, absolute or relative.
    ///   - request: the request that got the answer, whose URL a relative link is resolved against.
    ///   - declaredBaseURL: the provider's own base URL, which `baseURL` may override.
    ///   - keyParameter: the query parameter that carries the key, dropped from the link (the host adds it).
    static func resolve(
        _ link: String, after request: HTTPRequest, baseURL: URL, declaredBaseURL: URL, keyParameter: String?
    ) -> Resolution {
        let context = HTTPRequest(baseURL: request.baseURL, path: request.path, query: request.query).url
        guard let url = URL(string: link, relativeTo: context)?.absoluteURL,
              let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return .refused("the next page's address is not a URL") }
        for base in [baseURL, declaredBaseURL] where RedirectPolicy.isSameOrigin(url, base) {
            guard let remainder = remainder(of: components.percentEncodedPath, under: base) else { continue }
            let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
            guard let path = try? APIPath((remainder.isEmpty ? "/" : remainder) + query) else {
                return .refused("the next page's path would leave \(shown(baseURL))")
            }
            // The base URL itself (`…/v1?page=2`) stays without a slash added.
            var endpoint = Endpoint(path: remainder.isEmpty ? "" : path.path, query: path.query)
            if let keyParameter { endpoint.query.removeAll { $0.name == keyParameter } }
            return .endpoint(endpoint)
        }
        return .refused("the next page is at \(origin(of: url)), not under \(shown(baseURL)), and the key goes only there")
    }

    /// The path after `base`'s path prefix: empty or starting with `/`; nil when `path` is not under it.
    private static func remainder(of path: String, under base: URL) -> String? {
        var prefix = URLComponents(url: base, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        while prefix.hasSuffix("/") { prefix.removeLast() }
        guard path == prefix || path.hasPrefix(prefix + "/") else { return nil }
        return String(path.dropFirst(prefix.count))
    }

    /// `scheme://host:port`, without any user, path or query.
    private static func origin(of url: URL) -> String {
        let port = url.port.map { ":\($0)" } ?? ""
        return "\(url.scheme ?? "?")://\(url.host ?? "?")\(port)"
    }

    private static func shown(_ base: URL) -> String { URLPassword.redacted(base.absoluteString) }
}
