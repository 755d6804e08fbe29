/// How the run finds the page after one it has read: by number, from a cursor the
/// provider sent back, or from a URL the answer named (its body or its `Link` header).
extension QueryRunner {
    /// The next request, or why paging ends here (nil: the answer says there is no more).
    enum PageStep: Equatable {
        case fetch(Endpoint)
        case stop(warning: String?)
    }

    /// - Parameter fetched: the requests already sent for this query, so that an answer
    ///   naming one of them again (a `next` equal to the page itself) ends paging instead of looping.
    func nextPage(
        after decoded: P.Response, headers: HTTPHeaders, of endpoint: Endpoint, page: Int, query: P.Query,
        fetched: [Endpoint]
    ) -> PageStep {
        let next: Endpoint
        switch paging.next(decoded, LinkHeader.links(in: headers), page, query) {
        case .numbered:
            next = provider.request(for: query, page: page + 1)
        case let .endpoint(built):
            next = built
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
        return .fetch(next)
    }
}
