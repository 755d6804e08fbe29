/// A provider whose API answers in pages (NYT: 10 articles a page).
///
/// The host fetches pages 0, 1, … of a query in order, at most
/// ``pageCount(for:)`` of them, stops early when ``hasMore(after:page:for:)``
/// says so, and hands ``merge(_:)``'s result to the other steps as one answer.
/// A provider that does not conform gets one page per query.
///
/// Pages after the first are found by number unless ``nextPage(after:links:page:for:)``
/// says where the answer puts them (a cursor, a `next` URL, a `Link` header).
public protocol PagedProvider: Provider {
    /// How many pages `query` asks for.
    func pageCount(for query: Query) -> Int

    /// Whether another page can have results after `response` (page `page`).
    func hasMore(after response: Response, page: Int, for query: Query) -> Bool

    /// Joins the pages of one query, in order; never called with none.
    func merge(_ pages: [Response]) -> Response

    /// Where the page after `response` (page `page`) is, asked only when ``hasMore(after:page:for:)``
    /// said yes and more pages are wanted. `links` are the answer's RFC 8288 `Link` header
    /// links, which ``Provider/decode(_:for:warnings:)`` does not see. By default `.numbered`.
    func nextPage(after response: Response, links: [WebLink], page: Int, for query: Query) -> NextPage
}

extension PagedProvider {
    public func nextPage(after response: Response, links: [WebLink], page: Int, for query: Query) -> NextPage {
        .numbered
    }
}
