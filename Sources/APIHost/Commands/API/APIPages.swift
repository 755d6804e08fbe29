#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The pages `apicli api --paginate` asks for. Without `--paginate` there is one page, the
/// request as given. With it, the page after each answer is:
///
/// 1. the answer's `Link: <…>; rel="next"`, whether or not the provider declares paging
///    (GitHub's answers carry one; its document need not say so), followed only under the
///    provider's base URL, where the key goes (``PageLink``), and never to a page already sent;
/// 2. else the next number of the provider's ``PageParameter``, while the page before held a
///    full page of items where the provider says they are (an offset that steps by the items
///    held goes on until a page holds none);
/// 3. else none: the answer was the last page.
struct APIPages {
    /// The query without the page parameter (and with the size parameter when paging needs it).
    private let base: [QueryItem]
    private let parameter: PageParameter?
    /// The value of the first page: the one given with `-q`, else the API's first.
    private let start: Int

    init(descriptor: ProviderDescriptor, query: [QueryItem], paginate: Bool) throws {
        guard paginate, let parameter = descriptor.pageParameter else {
            (base, parameter, start) = (query, nil, 0)
            return
        }
        var start = parameter.first
        if let given = query.last(where: { $0.name == parameter.name }) {
            guard let value = Int(given.value), (parameter.first...parameter.last).contains(value) else {
                throw UsageError("-q \(parameter.name)= takes \(parameter.first) to \(parameter.last) with --paginate, not '\(given.value)'")
            }
            start = value
        }
        var base = query.filter { $0.name != parameter.name }
        if let size = parameter.sizeParameter, !base.contains(where: { $0.name == size }) {
            base.append(QueryItem(size, String(parameter.pageSize)))
        }
        (self.base, self.parameter, self.start) = (base, parameter, start)
    }

    /// The first page's query.
    var firstQuery: [QueryItem] {
        guard let parameter else { return base }
        return base + [QueryItem(parameter.name, String(start))]
    }

    /// What follows the answer to `sent`.
    enum Step: Equatable {
        case fetch(HTTPRequest)
        /// The last page; the warning says why paging stopped short, when it did.
        case stop(warning: String?)
    }

    /// Where the page after `response` (the answer to `sent`) is; `fetched` holds the URLs
    /// already asked, so that an answer naming one of them again ends paging instead of looping.
    func next(
        after response: HTTPResponse, to sent: HTTPRequest, baseURL: URL, descriptor: ProviderDescriptor, fetched: Set<String>
    ) -> Step {
        let next: HTTPRequest
        if let link = LinkHeader.links(in: response.headers).first(relation: "next") {
            switch PageLink.resolve(
                link.target, after: sent, baseURL: baseURL, declaredBaseURL: descriptor.defaultBaseURL,
                keyParameter: sent.credential?.placement.queryName)
            {
            case let .endpoint(endpoint):
                next = HTTPRequest(baseURL: baseURL, path: endpoint.path, query: endpoint.query, credential: sent.credential)
            case let .refused(reason):
                return .stop(warning: reason)
            }
        } else if let value = numberedNext(after: response.body, sent: sent) {
            var request = sent
            request.query.removeAll { $0.name == parameter?.name }
            request.query.append(QueryItem(parameter?.name ?? "", String(value)))
            next = request
        } else {
            return .stop(warning: nil)
        }
        guard !fetched.contains(next.cacheKey) else {
            return .stop(warning: "the answer names a page already fetched as the next one")
        }
        return .fetch(next)
    }

    /// The page parameter's next value after the page sent: one step on, or past the items the
    /// page held; nil when the provider declares no such parameter, the API serves no more, or
    /// the page was not full.
    private func numberedNext(after body: Data, sent: HTTPRequest) -> Int? {
        guard let parameter, let held = itemCount(in: body, parameter: parameter) else { return nil }
        let current = sent.query.last { $0.name == parameter.name }.flatMap { Int($0.value) } ?? start
        let value: Int
        if parameter.stepsByItems {
            guard held > 0 else { return nil }
            value = current.addingSaturated(held)
        } else {
            guard held >= parameter.pageSize else { return nil }
            value = current.addingSaturated(parameter.step)
        }
        return value <= parameter.last ? value : nil
    }

    /// How many items the answer holds where the provider says they are; nil when they are not there.
    private func itemCount(in body: Data, parameter: PageParameter) -> Int? {
        guard var current = try? JSONValue.parse(body) else { return nil }
        for member in parameter.items {
            if let value = current[member] {
                current = value
            } else if case let .array(items) = current, let index = Int(member), items.indices.contains(index) {
                current = items[index]
            } else {
                return nil
            }
        }
        guard case let .array(items) = current else { return nil }
        return items.count
    }
}
