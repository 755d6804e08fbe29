#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

/// Which redirects the transport follows, and with what URL.
///
/// A redirect within the same origin (scheme, host and port) is followed as the
/// server wrote it. A redirect to another origin is followed *without the API
/// key*: the credential parameter is removed from the new URL (servers often
/// copy the whole query string into `Location`). Stripping rather than refusing
/// keeps legitimate moves to a CDN or a new API host working, while the other
/// host never learns the key; if it needs one it answers 401, which the host
/// reports as a rejected key. A scheme change (https → http) counts as another
/// origin, so the key never travels in clear text. A key sent in a header is
/// dropped the same way: the transports send the next hop without it (see
/// ``sendsKeyHeader(to:from:)``) and never add it back. If the key's value still
/// shows up anywhere in the new URL (a path, another parameter), the redirect is
/// refused and the 3xx response itself is returned.
public enum RedirectPolicy {
    /// The URL to follow, or nil to stop at the redirect response.
    public static func follow(_ newURL: URL, from request: HTTPRequest) -> URL? {
        guard let credential = request.credential, !isSameOrigin(newURL, request.baseURL) else { return newURL }
        guard var components = URLComponents(url: newURL, resolvingAgainstBaseURL: true) else { return nil }
        if case let .query(parameter) = credential.placement, let query = components.percentEncodedQuery {
            let kept = query.pieces(between: "&", omittingEmpty: true).filter { pair in
                let name = pair.pieces(between: "=", maxSplits: 1).first ?? ""
                let decoded = PercentCoding.decode(name) ?? String(name)
                return decoded != parameter
            }
            components.percentEncodedQuery = kept.isEmpty ? nil : kept.joined(separator: "&")
        }
        guard let stripped = components.url else { return nil }
        let text = stripped.absoluteString
        let secretForms = [credential.value, PercentEncoding.encode(credential.value)]
        if !credential.value.isEmpty, secretForms.contains(where: { text.containsLiteral($0) }) { return nil }
        return stripped
    }

    /// Whether the key's header may go with the hop to `newURL`: only to the
    /// origin of the request's base URL. Once a hop went without it, later hops
    /// stay without it, whatever their origin.
    public static func sendsKeyHeader(to newURL: URL, from request: HTTPRequest) -> Bool {
        isSameOrigin(newURL, request.baseURL)
    }

    public static func isSameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        lhs.scheme?.lowercased() == rhs.scheme?.lowercased()
            && lhs.host?.lowercased() == rhs.host?.lowercased()
            && effectivePort(lhs) == effectivePort(rhs)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "https": return 443
        case "http": return 80
        default: return nil
        }
    }
}
