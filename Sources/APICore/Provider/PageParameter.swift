/// How an API pages, as data: the query parameter that counts pages (or items),
/// where it starts, how far it goes, and where a page's items are.
///
/// A provider's ``Paging`` pages its own typed queries; this is what the host needs
/// to follow the same paging for a request it did not build: `apicli api nyt
/// /svc/search/v2/articlesearch.json -q q=dog --paginate` asks for page 0, 1, 2…
/// until a page holds fewer than ``pageSize`` items or ``last`` is reached.
public struct PageParameter: Sendable, Hashable {
    /// The query parameter (`page`, `offset`).
    public var name: String
    /// Its first value (0 or 1 for pages, 0 for offsets).
    public var first: Int
    /// How much it grows from one page to the next: 1 for pages, the page size for offsets.
    public var step: Int
    /// The last value the API serves (NYT: page 100).
    public var last: Int
    /// The members leading to the array of items in an answer (`["response", "docs"]`).
    public var items: [String]
    /// How many items a full page holds: a page with fewer is the last one.
    public var pageSize: Int
    /// The parameter that asks for ``pageSize`` items, sent with every page unless given (`hitsPerPage`).
    public var sizeParameter: String?
    /// An offset that grows by the number of items the page before held, not by ``step``:
    /// the API decides how many items a page holds, and the last page is an empty one.
    public var stepsByItems: Bool

    public init(
        name: String, first: Int, step: Int = 1, last: Int, items: [String], pageSize: Int, sizeParameter: String? = nil,
        stepsByItems: Bool = false
    ) {
        self.name = name
        self.first = first
        self.step = max(1, step)
        self.last = last
        self.items = items
        self.pageSize = pageSize
        self.sizeParameter = sizeParameter
        self.stepsByItems = stepsByItems
    }
}
