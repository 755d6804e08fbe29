#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A provider whose query may need a prior lookup before its own request can
/// be built (weather: a place name resolved to coordinates through a
/// geocoding API, then the forecast asked for by latitude and longitude).
///
/// The host runs the lookup exactly like any request — the same client, key,
/// rate limit, cache and retries — then hands the answer back through
/// ``resolve(_:with:)`` and fetches the query itself. A looked-up answer is
/// kept in the provider's own tables (``persistLookup(_:for:in:)``), stamped
/// with the host's fetch time, and read back with ``loadLookup(for:from:)``:
/// the host reuses it while younger than ``lookupLifetime`` (no request), uses
/// one of any age for `--offline` and when the network fails, and fetches
/// again otherwise. The provider keeps no clock.
///
/// A provider that does not conform runs its queries as they are.
public protocol ResolvingProvider: Provider {
    /// What one lookup yields once decoded (weather: the chosen place).
    associatedtype Lookup: Sendable

    /// How long a stored lookup stays good (places do not move: 30 days).
    var lookupLifetime: Duration { get }

    /// The lookup `query` needs first, or nil when it can be sent as it is
    /// (weather: a city id needs none).
    func lookupRequest(for query: Query) -> Endpoint?

    /// Reads a successful lookup answer. Throws a ``ProviderFailure`` for an
    /// answer that means "nothing by that name" (`.notFound`), a
    /// ``DecodeFailure`` when it cannot be read; may add warnings (an ambiguous name).
    func decodeLookup(_ body: Data, for query: Query, warnings: inout [String]) throws -> Lookup

    /// What an unsuccessful lookup answer means; nil leaves it to the host's reading of the status.
    func lookupFailure(status: Int, body: Data, for query: Query) -> ProviderFailure?

    /// Stores a lookup's answer for `query`, replacing the previous one.
    func persistLookup(_ lookup: Lookup, for query: Query, in context: PersistContext) throws

    /// The stored lookup for `query`, with when it was fetched; nil when there is none.
    func loadLookup(for query: Query, from transaction: any StoreTransaction) throws -> Stored<Lookup>?

    /// `query` with its lookup's answer applied: what ``Provider/request(for:page:)``,
    /// ``Provider/persist(_:for:in:)`` and ``Provider/load(_:from:)`` are then given.
    func resolve(_ query: Query, with lookup: Lookup) -> Query
}

extension ResolvingProvider {
    public func lookupFailure(status: Int, body: Data, for query: Query) -> ProviderFailure? {
        failure(status: status, body: body, for: query)
    }
}
