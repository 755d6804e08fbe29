/// How the host pages one provider's queries: its ``Paging`` when it has one,
/// one page otherwise.
///
/// Read once per run from the provider's ``Capabilities``, in ``ProviderCommand``,
/// and kept as closures typed by the provider's own `Query` and `Response`.
struct PagePlan<Query, Response>: Sendable {
    let count: @Sendable (Query) -> Int
    let hasMore: @Sendable (Response, Int, Query) -> Bool
    let merge: @Sendable ([Response]) -> Response
    /// Where the page after an answer is (``Paging/nextPage``).
    let next: @Sendable (Response, [WebLink], Int, Query) -> NextPage
    /// Whether a page asked by number repeats the one before (``Paging/repeats``); nil: never checked.
    let repeats: (@Sendable (Response, Response, Query) -> Bool)?

    init(count: @escaping @Sendable (Query) -> Int, hasMore: @escaping @Sendable (Response, Int, Query) -> Bool,
         merge: @escaping @Sendable ([Response]) -> Response,
         next: @escaping @Sendable (Response, [WebLink], Int, Query) -> NextPage = { _, _, _, _ in .numbered },
         repeats: (@Sendable (Response, Response, Query) -> Bool)? = nil) {
        self.count = count
        self.hasMore = hasMore
        self.merge = merge
        self.next = next
        self.repeats = repeats
    }

    /// One page a query: what a provider that does not page gets.
    static var onePage: Self {
        // `merge` is only called with the pages fetched, at least one.
        Self(count: { _ in 1 }, hasMore: { _, _, _ in false }, merge: { pages in pages[pages.count - 1] })
    }

    /// The paging a provider declares.
    init(_ paging: Paging<Query, Response>) {
        self.init(
            count: paging.pageCount, hasMore: paging.hasMore, merge: paging.merge, next: paging.nextPage, repeats: paging.repeats)
    }
}
