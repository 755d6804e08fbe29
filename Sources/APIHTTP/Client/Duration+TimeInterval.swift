#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Duration {
    /// The duration in seconds, for `Date` arithmetic.
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
