/// How the run finds the page after one it has read: by number, from a cursor the
/// provider sent back, or from a URL the answer named (its body or its `Link` header).
extension QueryRunner {
    /// The next request, or why paging ends here (nil: the answer says there is no more).
    enum PageStep: Equatable {
        /// `byNumber`: the page is the next by number (or offset), not one the answer named.
        case fetch(Endpoint, byNumber: Bool)
        case stop(warning: String?)
    }

    /// - Parameter fetched: the requests already sent for this query, so that an answer
    ///   naming one of them again (a `next` equal to the page itself) ends paging instead of looping.
    func nextPage(
        after decoded: P.Response, headers: HTTPHeaders, of endpoint: Endpoint, page: Int, query: P.Query,
        fetched: [Endpoint]
    ) -> PageStep {
        let next: Endpoint
        var byNumber = false
        switch paging.next(decoded, LinkHeader.links(in: headers), page, query) {
        case .numbered:
            next = provider.request(for: query, page: page + 1)
            byNumber = true
        case let .endpoint(built):
            next = built
        case let .advancing(parameter, by: count):
            next = Self.advancing(endpoint, parameter, by: count)
            byNumber = true
        case .end:
            return .stop(warning: nil)
        case let .link(link):
            let sent = HTTPRequest(baseURL: baseURL, path: endpoint.path, query: endpoint.query)
            switch PageLink.resolve(
                link, after: sent, baseURL: baseURL, declaredBaseURL: provider.descriptor.defaultBaseURL,
                keyParameter: credential?.placement.queryName)
            {
            case let .endpoint(found): next = found
            case let .refused(reason): return .stop(warning: reason)
            }
        }
        if fetched.contains(where: { $0.path == next.path && $0.query == next.query }) {
            return .stop(warning: "the answer names a page already fetched as the next one")
        }
        return .fetch(next, byNumber: byNumber)
    }

    /// `endpoint` with its integer parameter `name` grown by `count` (from 0 when absent or not a number).
    static func advancing(_ endpoint: Endpoint, _ name: String, by count: Int) -> Endpoint {
        var next = endpoint
        let current = next.query.last { $0.name == name }.flatMap { Int($0.value) } ?? 0
        next.query.removeAll { $0.name == name }
        next.query.append(QueryItem(name, String(current.addingSaturated(count))))
        return next
    }

    /// What the warning says of page `page` (from 0) that repeated the one before.
    static func repeatedPage(_ page: Int) -> String {
        "the answer to page \(page + 1) is the same as to page \(page) (does the API count its pages from another number?)"
    }
}
