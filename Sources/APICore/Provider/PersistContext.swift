#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where and when a provider stores an answer: the host's open write
/// transaction, and the time the host fetched the answer.
///
/// The host keeps the only clock, so the stored time, the fetch log and the
/// stale notice can never disagree; a provider stamps rows with ``fetchedAt``.
public struct PersistContext {
    public let transaction: any StoreTransaction
    public let fetchedAt: Date

    public init(_ transaction: any StoreTransaction, fetchedAt: Date) {
        self.transaction = transaction
        self.fetchedAt = fetchedAt
    }
}
