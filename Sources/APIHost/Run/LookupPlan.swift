#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the host resolves one provider's queries before fetching them: the
/// ``ResolvingProvider`` hooks when it conforms, nothing otherwise.
///
/// Whether the provider conforms is asked once per run, in ``Capabilities``,
/// and the answer kept as closures typed by the provider's own `Query`; the
/// provider's `Lookup` type stays inside them.
struct LookupPlan<Query: Sendable>: Sendable {
    /// A decoded lookup: the query it resolves to, and how to store it.
    struct Resolution: Sendable {
        let query: Query
        let persist: @Sendable (PersistContext) throws -> Void
    }

    /// How long a stored lookup is used without asking again.
    let lifetime: Duration
    let request: @Sendable (Query) -> Endpoint?
    let read: @Sendable (Data, Query, inout [String]) throws -> Resolution
    let failure: @Sendable (Int, Data, Query) -> ProviderFailure?
    /// The stored lookup for a query, already applied to it, with when it was fetched.
    let stored: @Sendable (Query, Transaction) throws -> Stored<Query>?

    /// No lookup: every query is ready as it is.
    static var none: Self {
        Self(
            lifetime: .zero, request: { _ in nil },
            read: { _, query, _ in Resolution(query: query, persist: { _ in }) },
            failure: { _, _, _ in nil }, stored: { _, _ in nil })
    }

    private init(
        lifetime: Duration, request: @escaping @Sendable (Query) -> Endpoint?,
        read: @escaping @Sendable (Data, Query, inout [String]) throws -> Resolution,
        failure: @escaping @Sendable (Int, Data, Query) -> ProviderFailure?,
        stored: @escaping @Sendable (Query, Transaction) throws -> Stored<Query>?
    ) {
        self.lifetime = lifetime
        self.request = request
        self.read = read
        self.failure = failure
        self.stored = stored
    }

    /// The hooks of a provider that conforms (see ``Capabilities``, which asks).
    static func resolving<P: ResolvingProvider>(_ provider: P) -> Any {
        LookupPlan<P.Query>(
            lifetime: provider.lookupLifetime,
            request: { provider.lookupRequest(for: $0) },
            read: { body, query, warnings in
                let lookup = try provider.decodeLookup(body, for: query, warnings: &warnings)
                return .init(
                    query: provider.resolve(query, with: lookup),
                    persist: { try provider.persistLookup(lookup, for: query, in: $0) })
            },
            failure: { provider.lookupFailure(status: $0, body: $1, for: $2) },
            stored: { query, transaction in
                try provider.loadLookup(for: query, from: transaction).map {
                    Stored(provider.resolve(query, with: $0.value), fetchedAt: $0.fetchedAt)
                }
            })
    }
}
