import APICore

extension NYTProvider {
    static let searchPath = "/svc/search/v2/articlesearch.json"

    /// How long an answer of the newest articles with no end date stays fresh: someone
    /// polling for news expects news, where an hour suits a search of the archive.
    static let newsCacheTTL: Duration = .seconds(300)

    /// `GET /svc/search/v2/articlesearch.json?q=…&begin_date=…&end_date=…&sort=…&page=…&fq=…`;
    /// unset parameters are left out, and page 0 (the API's default) is never sent.
    /// An Archive month (`--archive`) is one request of its own path, with nothing else to send.
    public func request(for query: ArticleQuery, page: Int) -> Endpoint {
        if let month = query.archiveMonth { return Endpoint(path: Self.archivePath(month)) }
        let polling = query.sort == .newest && query.endDate == nil
        var endpoint = Endpoint(path: Self.searchPath, cacheTTL: polling ? Self.newsCacheTTL : nil)
        endpoint.add("q", query.words.isEmpty ? nil : query.words)
        endpoint.add("begin_date", query.beginDate?.compact)
        endpoint.add("end_date", query.endDate?.compact)
        endpoint.add("sort", query.sort?.rawValue)
        let absolute = query.firstPage + page
        endpoint.add("page", absolute > 0 ? String(absolute) : nil)
        endpoint.add("fq", query.filter)
        return endpoint
    }

    public func pageCount(for query: ArticleQuery) -> Int { query.pages }

    /// More pages exist while this one was full and `meta.hits` reaches past it,
    /// and never beyond page 100, the last the API serves.
    public func hasMore(after response: SearchPage, page: Int, for query: ArticleQuery) -> Bool {
        guard query.archiveMonth == nil else { return false }
        let absolute = query.firstPage + page
        guard absolute < ArticleQuery.lastServedPage, response.count > 0 else { return false }
        guard let hits = response.hits else { return response.count >= ArticleQuery.pageSize }
        return (absolute + 1) * ArticleQuery.pageSize < hits
    }

    /// The pages' articles in order, each article once; `hits` and `offset` from the first page.
    public func merge(_ pages: [SearchPage]) -> SearchPage {
        // One page is its own answer: no set of its ids (8,000 strings hashed for nothing).
        guard var merged = pages.first, pages.count > 1 else { return pages.first ?? SearchPage() }
        var seen = Set(merged.articleIDs)
        for page in pages.dropFirst() {
            merged.articles.append(contentsOf: page.articles.filter { seen.insert($0.id).inserted })
        }
        return merged
    }
}
