/// The decoded answer to one query: one page as decoded, or all its pages once merged.
public struct SearchPage: Sendable, Hashable {
    /// The API's `status` (`OK`); nil when the body had none, or when read from the store.
    public var status: String?
    /// `response.meta.hits`: how many articles match in all, across every page.
    public var hits: Int?
    /// `response.meta.offset`: the index of the first article of this page.
    public var offset: Int?
    public var articles: [Article]
    /// Read from the store, where articles are kept but none matches the search.
    public var storedNoMatch = false

    /// The ids of the articles, in order, when the host printed them as they arrived and
    /// the page did not keep them (``DocStreamDecoder``): what storing the answer reads.
    public var printedIDs: [String]?

    /// The articles' ids in order.
    var articleIDs: [String] { printedIDs ?? articles.map(\.id) }

    /// How many articles the page has.
    var count: Int { printedIDs?.count ?? articles.count }

    public init(status: String? = nil, hits: Int? = nil, offset: Int? = nil, articles: [Article] = []) {
        self.status = status
        self.hits = hits
        self.offset = offset
        self.articles = articles
    }
}
