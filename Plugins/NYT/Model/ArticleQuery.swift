import APICore

/// One `apicli nyt` command: the search, its filters and the range of pages asked for.
public struct ArticleQuery: Sendable, Hashable {
    /// The query words joined by single spaces: sent as `q`.
    public var words: String
    /// `--from` as `YYYYMMDD`: sent as `begin_date`.
    public var beginDate: CalendarDate?
    /// `--to` as `YYYYMMDD`: sent as `end_date`.
    public var endDate: CalendarDate?
    public var sort: SortOrder?
    /// `--fq`, passed through untouched.
    public var filter: String?
    /// `--page`: the first page, from 0.
    public var firstPage: Int
    /// `--pages`, already clamped so that no page past ``lastServedPage`` is asked for.
    public var pages: Int
    /// `--archive`: the first day of the month the Archive API answers whole, in place of a search.
    public var archiveMonth: CalendarDate?

    /// Article Search serves pages 0 through 100 and answers 10 articles a page.
    public static let lastServedPage = 100
    public static let pageSize = 10

    public init(
        words: String, beginDate: CalendarDate? = nil, endDate: CalendarDate? = nil, sort: SortOrder? = nil,
        filter: String? = nil, firstPage: Int = 0, pages: Int = 1, archiveMonth: CalendarDate? = nil
    ) {
        self.words = words
        self.beginDate = beginDate
        self.endDate = endDate
        self.sort = sort
        self.filter = filter
        self.firstPage = min(max(firstPage, 0), Self.lastServedPage)
        self.pages = min(max(pages, 1), Self.lastServedPage - self.firstPage + 1)
        self.archiveMonth = archiveMonth
    }

    /// The last page asked for.
    public var lastPage: Int { firstPage + pages - 1 }

    /// Identifies the query in the store: equal for queries that send the same
    /// requests. A compact JSON array, so that no value can be confused with another;
    /// an Archive month adds `"archive"` and the month, so a search's key is what it was.
    public var storageKey: String {
        var parts: [JSONValue] = [
            .string(words), .init(beginDate?.compact), .init(endDate?.compact), .init(sort?.rawValue),
            .init(filter), .int(Int64(firstPage)), .int(Int64(lastPage)),
        ]
        if let archiveMonth { parts += [.string("archive"), .string(Self.monthText(archiveMonth))] }
        return JSONValue.array(parts).serialized(pretty: false)
    }

    /// `2019-01`.
    public static func monthText(_ month: CalendarDate) -> String {
        let digits = month.compact
        return String(digits.prefix(4)) + "-" + String(digits.dropFirst(4).prefix(2))
    }
}
