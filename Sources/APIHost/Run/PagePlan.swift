/// How the host pages one provider's queries: the ``PagedProvider`` hooks when
/// it conforms, one page otherwise.
///
/// The registry holds providers as `any Provider`, and the run is generic over
/// the concrete type, so whether it also pages is asked once per run, in
/// ``Capabilities``, and the answer kept as four closures typed by the
/// provider's own `Query` and `Response`.
struct PagePlan<Query, Response>: Sendable {
    let count: @Sendable (Query) -> Int
    let hasMore: @Sendable (Response, Int, Query) -> Bool
    let merge: @Sendable ([Response]) -> Response
    /// Where the page after an answer is (``PagedProvider/nextPage(after:links:page:for:)``).
    let next: @Sendable (Response, [WebLink], Int, Query) -> NextPage

    init(count: @escaping @Sendable (Query) -> Int, hasMore: @escaping @Sendable (Response, Int, Query) -> Bool,
         merge: @escaping @Sendable ([Response]) -> Response,
         next: @escaping @Sendable (Response, [WebLink], Int, Query) -> NextPage = { _, _, _, _ in .numbered }) {
        self.count = count
        self.hasMore = hasMore
        self.merge = merge
        self.next = next
    }

    /// One page a query: what a provider that does not page gets.
    static var onePage: Self {
        // `merge` is only called with the pages fetched, at least one.
        Self(count: { _ in 1 }, hasMore: { _, _, _ in false }, merge: { pages in pages[pages.count - 1] })
    }

    /// The hooks of a provider that conforms (see ``Capabilities``, which asks).
    static func paging<P: PagedProvider>(_ provider: P) -> Any {
        PagePlan<P.Query, P.Response>(
            count: { provider.pageCount(for: $0) },
            hasMore: { provider.hasMore(after: $0, page: $1, for: $2) },
            merge: { provider.merge($0) },
            next: { provider.nextPage(after: $0, links: $1, page: $2, for: $3) })
    }
}
