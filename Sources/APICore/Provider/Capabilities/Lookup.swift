#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A lookup a query needs before its own request can be built (weather: a place
/// name resolved to coordinates through a geocoding API, then the forecast asked
/// for by latitude and longitude): a provider's ``Capabilities/lookup``.
///
/// The host runs the lookup exactly like any request — the same client, key, rate
/// limit, cache and retries — then applies the answer to the query and fetches the
/// query itself. A looked-up answer is kept in the provider's own tables, stamped
/// with the host's fetch time, and read back: the host reuses it while younger than
/// ``lifetime`` (no request), uses one of any age for `--offline` and when the
/// network fails, and fetches again otherwise. The provider keeps no clock.
///
/// It is declared with the provider's own type for what a lookup finds (weather's
/// `Place`), and kept as closures typed by the `Query` alone, which is what the host
/// calls: ``read(_:for:warnings:)`` and ``stored(for:in:)`` give the query with its
/// lookup applied.
public struct Lookup<Query: Sendable>: Sendable {
    /// A lookup answer just read: the query it resolves to, and how to store the answer.
    public struct Resolution: Sendable {
        public let query: Query
        public let persist: @Sendable (PersistContext) throws -> Void
    }

    /// How long a stored lookup stays good (places do not move: 30 days).
    public let lifetime: Duration

    /// The lookup a query needs first, or nil when it can be sent as it is (weather: a
    /// city id needs none).
    public let request: @Sendable (_ query: Query) -> Endpoint?

    /// What an unsuccessful lookup answer means; nil: the provider's ``Capabilities/failure``.
    public let failure: (@Sendable (_ status: Int, _ body: Data, _ query: Query) -> ProviderFailure?)?

    private let readAnswer: @Sendable (Data, Query, inout [String]) throws -> Resolution
    private let readStored: @Sendable (Query, any StoreTransaction) throws -> Stored<Query>?

    /// - Parameters:
    ///   - decode: reads a successful lookup answer. Throws a ``ProviderFailure`` for an
    ///     answer that means "nothing by that name" (`.notFound`), a ``DecodeFailure``
    ///     when it cannot be read; may add warnings (an ambiguous name).
    ///   - persist: stores a lookup's answer for a query, replacing the previous one.
    ///   - load: the stored lookup for a query, with when it was fetched; nil when there is none.
    ///   - resolve: the query with its lookup's answer applied: what
    ///     ``Provider/request(for:page:)``, ``Provider/persist(_:for:in:)`` and
    ///     ``Provider/load(_:from:)`` are then given.
    public init<Found: Sendable>(
        lifetime: Duration,
        request: @escaping @Sendable (_ query: Query) -> Endpoint?,
        decode: @escaping @Sendable (_ body: Data, _ query: Query, _ warnings: inout [String]) throws -> Found,
        failure: (@Sendable (_ status: Int, _ body: Data, _ query: Query) -> ProviderFailure?)? = nil,
        persist: @escaping @Sendable (_ found: Found, _ query: Query, _ context: PersistContext) throws -> Void,
        load: @escaping @Sendable (_ query: Query, _ transaction: any StoreTransaction) throws -> Stored<Found>?,
        resolve: @escaping @Sendable (_ query: Query, _ found: Found) -> Query
    ) {
        self.lifetime = lifetime
        self.request = request
        self.failure = failure
        readAnswer = { body, query, warnings in
            let found = try decode(body, query, &warnings)
            return Resolution(query: resolve(query, found), persist: { try persist(found, query, $0) })
        }
        readStored = { query, transaction in
            try load(query, transaction).map { Stored(resolve(query, $0.value), fetchedAt: $0.fetchedAt) }
        }
    }

    /// Reads a successful lookup answer for `query`: the query resolved, and how to store the answer.
    public func read(_ body: Data, for query: Query, warnings: inout [String]) throws -> Resolution {
        try readAnswer(body, query, &warnings)
    }

    /// The stored lookup for `query`, already applied to it, with when it was fetched.
    public func stored(for query: Query, in transaction: any StoreTransaction) throws -> Stored<Query>? {
        try readStored(query, transaction)
    }
}
