/// What one provider can do beyond the ``Provider`` protocol, asked once per
/// run, here, and nowhere else.
///
/// Only the refinements that carry behaviour and types of their own are asked
/// about: paging (``PagedProvider``), a lookup a query needs first
/// (``ResolvingProvider``) and storing page by page (``BatchPersistingProvider``).
/// Capabilities that are data or have a do-nothing default (item shape, table
/// notes, answers that age) are requirements every provider has, read directly.
///
/// The registry holds providers as `any Provider` and the run is generic over
/// the concrete type, so each refinement's hooks are opened here and kept as
/// closures typed by the provider's own `Query` and `Response`. The refinements are found
/// through `Provider`'s accessors (`asPagedProvider`…), not by casting (see there why).
struct Capabilities<P: Provider>: Sendable {
    let paging: PagePlan<P.Query, P.Response>
    let lookups: LookupPlan<P.Query>
    /// Nil: the answer is decoded whole, then stored with `persist`.
    let batching: BatchPlan<P.Query, P.Response>?

    init(_ provider: P) {
        paging = provider.asPagedProvider.flatMap { PagePlan<P.Query, P.Response>.paging($0) as? PagePlan<P.Query, P.Response> }
            ?? .onePage
        lookups = provider.asResolvingProvider.flatMap { LookupPlan<P.Query>.resolving($0) as? LookupPlan<P.Query> }
            ?? .none
        batching = provider.asBatchPersistingProvider.flatMap {
            BatchPlan<P.Query, P.Response>.plan($0) as? BatchPlan<P.Query, P.Response>
        }
    }
}
