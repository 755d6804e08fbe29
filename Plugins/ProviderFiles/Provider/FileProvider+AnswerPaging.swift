import APICore

/// Where the page after an answer is, for every paging style of the file. The host asks
/// ``nextPage(after:links:page:for:)`` after each page it still wants; a URL returned here
/// is followed only under the provider's base URL, where the key goes (see the host's `PageLink`).
///
/// - `page`, `offset`: a `Link: <…>; rel="next"` in the answer's headers when it carries one
///   (GitHub sends one whether or not its document declares it), else the next number while
///   the page was full, the total (if sent) reaches past it and the API serves it. An offset
///   whose `step` is `items` moves past the items the answer held, until a page comes back empty.
/// - `cursor`: the first page's request with the cursor the answer sent back.
/// - `next`: the URL in the answer's body; `link`: the `Link` header's `rel="next"`.
extension FileProvider {
    func nextPage(after response: FileAnswer, links: [WebLink], page: Int, for query: FileQuery) -> NextPage {
        guard let paging = operation(query).paging else { return .end }
        switch paging.style {
        case .page, .offset:
            if let link = links.first(relation: "next") { return .link(link.target) }
            guard Self.morePages(after: response, page: query.firstPage + page, paging: paging) else { return .end }
            return paging.style == .offset && paging.step == .items ? .advancing(paging.parameter, by: response.items.count) : .numbered
        case .cursor:
            guard let cursor = response.next else { return .end }
            // The first page's request with the cursor: the words, options and size stay as they were.
            var endpoint = request(for: query, page: 0)
            endpoint.query.removeAll { $0.name == paging.parameter }
            endpoint.add(paging.parameter, cursor)
            return .endpoint(endpoint)
        case .next:
            return response.next.map(NextPage.link) ?? .end
        case .link:
            return links.first(relation: "next").map { .link($0.target) } ?? .end
        }
    }

    /// Whether a page asked by number holds the items of the page before it: what an API that
    /// counts its pages from 1 answers to page 0 and page 1. Only page numbers are checked: an
    /// offset has no other number to count from, so equal answers there are the API's to explain.
    func repeats(_ response: FileAnswer, previous: FileAnswer, for query: FileQuery) -> Bool {
        operation(query).paging?.style == .page && !response.items.isEmpty && response.items == previous.items
    }

    /// Whether a page follows page `absolute` (as the API counts) when no `Link` says so: it was
    /// full, the total (if sent) reaches past it, and the API serves the next one. An offset
    /// that steps by the items held goes on until a page holds none.
    static func morePages(after response: FileAnswer, page absolute: Int, paging: ProviderFile.Paging) -> Bool {
        guard absolute < paging.maxPage else { return false }
        if paging.style == .offset, paging.step == .items { return !response.items.isEmpty }
        guard response.items.count >= paging.size else { return false }
        guard let total = response.total else { return true }
        return (absolute - paging.first + 1) * paging.size < total
    }
}

extension ProviderFile.Paging {
    /// What an answer says of the page after it: the cursor to send back (`cursor`) or the
    /// next page's URL (`next`); nil when it says there is none, or for other styles.
    ///
    /// A cursor is followed while `more` (when the file names it) is true and the cursor is
    /// a non-empty scalar: the answer's own (`last_id`), or the last item's (`lastItem`:
    /// Stripe's `id`, nil when the page holds no item). A `next` URL is followed while it is
    /// a non-empty string (PokeAPI sends `null` last).
    func nextInAnswer(_ document: JSONValue, lastItem item: JSONValue? = nil) -> String? {
        switch style {
        case .cursor:
            if let more, !Self.isTrue(more.value(in: document)) { return nil }
            let value = lastItem.map { path in item.flatMap(path.value(in:)) } ?? cursor?.value(in: document)
            guard let value, value.isScalar else { return nil }
            let text = value.cellText
            return text.isEmpty ? nil : text
        case .next:
            guard case let .string(url)? = next?.value(in: document), !url.isEmpty else { return nil }
            return url
        case .page, .offset, .link:
            return nil
        }
    }

    /// `true`, `"true"` or a number other than 0: what APIs send for "more follow".
    private static func isTrue(_ value: JSONValue?) -> Bool {
        switch value {
        case let .bool(flag)?: flag
        case let .string(text)?: text.lowercased() == "true"
        case let .int(number)?: number != 0
        default: false
        }
    }
}
