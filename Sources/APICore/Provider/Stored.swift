#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A response read back from the store, with when it was fetched.
public struct Stored<Value: Sendable>: Sendable {
    public var value: Value
    public var fetchedAt: Date
    /// The store holds answers, but none matches the query (an offline search that
    /// finds nothing): `value` is an empty answer that says so. Offline it is shown
    /// (exit 0, as an online search with no hits); after a network failure it does
    /// not stand in, and the failure is reported.
    public var matchedNothing = false

    public init(_ value: Value, fetchedAt: Date, matchedNothing: Bool = false) {
        self.value = value
        self.fetchedAt = fetchedAt
        self.matchedNothing = matchedNothing
    }
}
