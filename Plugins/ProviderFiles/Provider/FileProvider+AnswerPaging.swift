import APICore

/// Paging where each page's request comes from the answer before it (`cursor`, `next`
/// and `link` in the file's `paging`). The host asks ``nextPage(after:links:page:for:)``
/// after each page it still wants; a URL returned here is followed only under the
/// provider's base URL, where the key goes (see the host's `PageLink`).
extension FileProvider {
    func nextPage(after response: FileAnswer, links: [WebLink], page: Int, for query: FileQuery) -> NextPage {
        guard let paging = operation(query).paging else { return .end }
        switch paging.style {
        case .page, .offset:
            return .numbered
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
}

extension ProviderFile.Paging {
    /// What an answer says of the page after it: the cursor to send back (`cursor`) or the
    /// next page's URL (`next`); nil when it says there is none, or for other styles.
    ///
    /// A cursor is followed while `more` (when the file names it) is true and the cursor is
    /// a non-empty scalar; a `next` URL while it is a non-empty string (PokeAPI sends `null` last).
    func nextInAnswer(_ document: JSONValue) -> String? {
        switch style {
        case .cursor:
            if let more, !Self.isTrue(more.value(in: document)) { return nil }
            guard let value = cursor?.value(in: document), value.isScalar else { return nil }
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
