import APICore
import APIDocuments

/// Paging that follows the answer, read from an OpenAPI operation where the document shows it:
///
/// - **cursor**: a query parameter that takes a cursor (`after`, `cursor`, `page_token`…) and,
///   in the answer, a property holding the next one (`last_id`, `next_cursor`, `nextPageToken`…),
///   with a boolean `has_more` when there is one (OpenAI's lists: `after` = `last_id`); or,
///   with no such property, `starting_after` or `after` and a boolean `has_more`: the cursor is
///   then the last item's id (Stripe's lists);
/// - **next**: a string property `next` (or `next_url`, `next_page_uri`…) in the answer: the
///   next page's URL, absolute or relative (PokeAPI, Bitbucket, Twilio);
/// - **link**: a `Link` header declared on the successful answer (GitHub).
///
/// In that order: a cursor is named on both sides, so it is the surest sign; a declared
/// `Link` header is only a promise of links, checked last. An operation showing none keeps
/// page or offset paging, when its parameters show that.
extension OpenAPIImport {
    /// Parameters that send a cursor back, with the answer properties that can hold the next one.
    static let cursorParameters: [(parameter: String, answer: [String])] = [
        ("after", ["last_id", "next_cursor", "nextCursor", "after"]),
        ("starting_after", ["last_id"]),
        // Stripe's searches: `page` is a string cursor, `next_page` the next one.
        ("page", ["next_page"]),
        ("cursor", ["next_cursor", "nextCursor", "cursor"]),
        ("page_token", ["next_page_token", "nextPageToken"]),
        ("pageToken", ["nextPageToken", "next_page_token"]),
        ("next_token", ["next_token", "nextToken"]),
        ("continuation", ["continuation", "next_continuation"]),
    ]
    /// Boolean answer properties that say whether a page follows.
    static let moreNames = ["has_more", "hasMore", "has_next", "hasNext", "more"]
    /// String answer properties that hold the next page's URL.
    static let nextNames = ["next", "next_url", "nextUrl", "next_page_url", "nextPageUrl", "next_page_uri", "nextPageUri"]

    /// Parameters that send back the id of the page's last item, when the answer has no cursor of its own.
    static let lastItemParameters = ["starting_after", "after"]

    /// `cursor`, `next` or `link` paging for the operation, or nil when its document shows none.
    /// - Parameter itemID: where an item's id is, for a cursor that is the last item's id.
    func answerPaging(
        _ query: [DocumentNode], operation: DocumentNode, document: OpenAPIDocument, itemID: KeyPath? = nil
    ) -> ProviderFile.Paging? {
        let answer = document.responseSchema(of: operation)
        let sizer = query.first { parameter in
            Self.sizeNames.contains(parameter["name"]?.string ?? "") && document.typeFacts(of: parameter)["type"]?.string == "integer"
        }
        let sizeFacts = sizer.map(document.typeFacts)
        // The size is only sent with its parameter; without one, 100 bounds what a stored page keeps.
        let size = sizer == nil ? 100 : max(1, min(sizeFacts?["default"]?.int ?? 10, sizeFacts?["maximum"]?.int ?? 1_000))
        var paging = ProviderFile.Paging(
            style: .link, parameter: "", first: 0, size: size, sizeParameter: sizer?["name"]?.string, maxPage: 99, total: nil)
        let names = Set(query.compactMap { $0["name"]?.string })
        if let answer {
            for (parameter, candidates) in Self.cursorParameters where names.contains(parameter) {
                guard let cursor = firstProperty(in: answer, document: document, match: { key, property in
                    candidates.contains(key) && Self.isScalar(property) ? property : nil
                })?.path else { continue }
                paging.style = .cursor
                paging.parameter = parameter
                paging.cursor = cursor
                paging.more = moreProperty(in: answer, document: document)
                return paging
            }
            if let itemID, let parameter = Self.lastItemParameters.first(where: names.contains),
               let more = moreProperty(in: answer, document: document) {
                paging.style = .cursor
                paging.parameter = parameter
                paging.lastItem = itemID
                paging.more = more
                return paging
            }
            if let next = firstProperty(in: answer, document: document, match: { key, property in
                Self.nextNames.contains(key) && Self.types(of: property).contains("string") ? property : nil
            })?.path {
                paging.style = .next
                paging.next = next
                return paging
            }
        }
        return declaresLinkHeader(operation, document: document) ? paging : nil
    }

    /// The boolean that says whether more follow (`has_more`), the first one breadth first.
    private func moreProperty(in answer: DocumentNode, document: OpenAPIDocument) -> KeyPath? {
        firstProperty(in: answer, document: document) { key, property in
            Self.moreNames.contains(key) && Self.types(of: property).contains("boolean") ? property : nil
        }?.path
    }

    /// Whether the successful answer declares a `Link` header (names compare without case).
    private func declaresLinkHeader(_ operation: DocumentNode, document: OpenAPIDocument) -> Bool {
        let responses = operation["responses"]
        guard let response = (responses?["200"] ?? responses?["2XX"] ?? responses?["default"]).map(document.resolved) else {
            return false
        }
        return (response["headers"]?.members ?? []).contains { $0.key.lowercased() == "link" }
    }

    /// A property's types: `type: string`, or OpenAPI 3.1's `type: [string, "null"]`.
    private static func types(of property: DocumentNode) -> [String] {
        if let one = property["type"]?.string { return [one] }
        return property["type"]?.array?.compactMap(\.string) ?? []
    }

    /// A cursor is sent back as text: a string or a number.
    private static func isScalar(_ property: DocumentNode) -> Bool {
        types(of: property).contains { ["string", "integer", "number"].contains($0) }
    }
}
