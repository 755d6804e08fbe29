/// The decoded answer to one query: one page as decoded, or all its pages once merged.
public struct SearchPage: Sendable, Hashable {
    /// The API's `status` (`OK`); nil when the body had none, or when read from the store.
    public var status: String?
    /// `response.meta.hits`: how many articles match in all, across every page.
    public var hits: Int?
    /// `response.meta.offset`: the index of the first article of this page.
    public var offset: Int?
    public var articles: [Article]
    /// The ids of the articles, in order, when the page was stored as it was read
    /// (`BatchPersistingProvider`) and holds only these until the articles are read back.
    var storedIDs: [String] = []
    /// Read from the store, where articles are kept but none matches the search.
    public var storedNoMatch = false

    /// The articles' ids in order, whether the page holds the articles or only their ids.
    var articleIDs: [String] { storedIDs.isEmpty ? articles.map(\.id) : storedIDs }

    /// How many articles the page has, held or stored.
    var count: Int { articles.count + storedIDs.count }

    public init(status: String? = nil, hits: Int? = nil, offset: Int? = nil, articles: [Article] = []) {
        self.status = status
        self.hits = hits
        self.offset = offset
        self.articles = articles
    }
}
