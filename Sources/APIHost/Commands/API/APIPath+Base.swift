#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension APIPath {
    /// The path to send under `baseURL`, with the provider's base path in it once: a path
    /// written as the API's document writes it (`/home.json`, its `basePath` left to the
    /// server) gets the descriptor's ``ProviderDescriptor/basePath``
    /// (`/svc/topstories/v2/home.json`); one that already starts with it, or with the base
    /// URL's own path, is not given it a second time.
    ///
    ///     // base URL https://api.nytimes.com, base path /svc/topstories/v2
    ///     try APIPath("/home.json").sent(for: descriptor, baseURL: url)                    // "/svc/topstories/v2/home.json"
    ///     try APIPath("/svc/topstories/v2/home.json").sent(for: descriptor, baseURL: url)  // the same
    func sent(for descriptor: ProviderDescriptor, baseURL: URL) -> String {
        var sent = path
        let own = Self.trimmed(baseURL.path)
        if !own.isEmpty, let rest = Self.remainder(of: sent, after: own) { sent = rest }
        if let base = descriptor.basePath.flatMap({ try? APIPath($0) }).map({ Self.trimmed($0.path) }), !base.isEmpty,
           Self.remainder(of: sent, after: base) == nil
        {
            sent = base + sent
        }
        return sent
    }

    /// `/x` for `/base/x` after `/base`, `/` for `/base` itself; nil when `path` does not start with it.
    private static func remainder(of path: String, after base: String) -> String? {
        if path == base { return "/" }
        guard path.startsWithLiteral(base + "/") else { return nil }
        return String(path.dropFirst(base.count))
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
