/// How an API answers a query in pages (NYT: 10 articles a page): a provider's
/// ``Capabilities/paging``.
///
/// The host fetches pages 0, 1, … of a query in order, at most ``pageCount`` of
/// them, stops early when ``hasMore`` says so, and hands ``merge``'s result to the
/// other steps as one answer. A provider without it gets one page per query.
///
/// Pages after the first are found by number unless ``nextPage`` says where the
/// answer puts them (a cursor, a `next` URL, a `Link` header).
public struct Paging<Query, Response>: Sendable {
    /// How many pages a query asks for.
    public var pageCount: @Sendable (_ query: Query) -> Int

    /// Whether another page can have results after `response` (page `page`).
    public var hasMore: @Sendable (_ response: Response, _ page: Int, _ query: Query) -> Bool

    /// Joins the pages of one query, in order; never called with none.
    public var merge: @Sendable (_ pages: [Response]) -> Response

    /// Where the page after `response` (page `page`) is, asked only when ``hasMore`` said
    /// yes and more pages are wanted. `links` are the answer's RFC 8288 `Link` header links,
    /// which ``Provider/decode(_:for:warnings:)`` does not see. By default `.numbered`.
    public var nextPage: @Sendable (_ response: Response, _ links: [WebLink], _ page: Int, _ query: Query) -> NextPage

    /// Whether `response`, a page asked by number, is `previous` (the page before it) once
    /// more: an API that counts its pages from 1, asked for page 0 and then 1, answers both
    /// alike. The host then stops, says so, and keeps the page once. Nil: never checked.
    public var repeats: (@Sendable (_ response: Response, _ previous: Response, _ query: Query) -> Bool)?

    public init(
        pageCount: @escaping @Sendable (_ query: Query) -> Int,
        hasMore: @escaping @Sendable (_ response: Response, _ page: Int, _ query: Query) -> Bool,
        merge: @escaping @Sendable (_ pages: [Response]) -> Response,
        nextPage: @escaping @Sendable (_ response: Response, _ links: [WebLink], _ page: Int, _ query: Query) -> NextPage
            = { _, _, _, _ in .numbered },
        repeats: (@Sendable (_ response: Response, _ previous: Response, _ query: Query) -> Bool)? = nil
    ) {
        self.pageCount = pageCount
        self.hasMore = hasMore
        self.merge = merge
        self.nextPage = nextPage
        self.repeats = repeats
    }
}
