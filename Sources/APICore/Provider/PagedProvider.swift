/// A provider whose API answers in pages (NYT: 10 articles a page).
///
/// The host fetches pages 0, 1, … of a query in order, at most
/// ``pageCount(for:)`` of them, stops early when ``hasMore(after:page:for:)``
/// says so, and hands ``merge(_:)``'s result to the other steps as one answer.
/// A provider that does not conform gets one page per query.
public protocol PagedProvider: Provider {
    /// How many pages `query` asks for.
    func pageCount(for query: Query) -> Int

    /// Whether another page can have results after `response` (page `page`).
    func hasMore(after response: Response, page: Int, for query: Query) -> Bool

    /// Joins the pages of one query, in order; never called with none.
    func merge(_ pages: [Response]) -> Response
}
