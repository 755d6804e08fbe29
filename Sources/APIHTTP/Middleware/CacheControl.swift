#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

/// The parts of `Cache-Control` the response cache honours.
struct CacheControl: Sendable, Hashable {
    var maxAge: Int?
    var noStore = false
    /// `no-cache`: may be stored, but must be revalidated before every use.
    var noCache = false

    init(_ header: String?) {
        // Split by bytes, as every other cache on the way reads the header.
        for directive in (header ?? "").pieces(between: ",", omittingEmpty: true) {
            let parts = directive.pieces(between: "=", maxSplits: 1, omittingEmpty: true).map {
                $0.trimmed(.whitespaces).lowercased()
            }
            guard let name = parts.first else { continue }
            switch name {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "max-age":
                if parts.count > 1, let seconds = Int(parts[1].trimmed(ScalarSet(characters: "\""))) {
                    maxAge = max(seconds, 0)
                }
            default: continue
            }
        }
    }

    /// How long a response stays fresh: the server's word, else `fallback`.
    func freshness(default fallback: Duration) -> Duration {
        if noCache { return .zero }
        if let maxAge { return .seconds(maxAge) }
        return fallback
    }
}
