import APICore

/// How many results there are in all, when the answer says: what `20 of 1,118; more with
/// --pages` is made from, and where numbered paging stops.
///
/// The file's `paging.total` says where, when the document declared it (NYT Books'
/// `num_results`). Without it, a list's answer is still read for a total under one of the
/// names APIs give it, in the object around the items or at the top: Stack Exchange sends
/// `total` only when the request's filter asks for it, and its document declares no wrapper
/// at all, so no import could have named it.
enum AnswerTotal {
    /// The names a total goes by, looked for when the file names none. `count` is not among
    /// them: it is as often the number of items on the page as the number in all.
    static let names = [
        "total", "total_count", "totalCount", "total_results", "totalResults", "num_results", "numResults",
        "totalHits", "nbHits", "total_items", "totalItems",
    ]

    static func total(in document: JSONValue, operation: ProviderFile.Operation) -> Int? {
        if let declared = operation.paging?.total {
            return declared.value(in: document).flatMap(count)
        }
        guard operation.items.kind == .list else { return nil }
        // The object around the items, then each one above it, up to the answer itself
        // (the answer alone when the items are said to be the whole of it).
        let segments = operation.items.segments
        for depth in stride(from: max(segments.count - 1, 0), through: 0, by: -1) {
            let envelope = depth == 0 ? document : KeyPath(segments.prefix(depth).joined(separator: ".")).flatMap { $0.value(in: document) }
            guard case let .object(members)? = envelope else { continue }
            for name in names {
                if let found = members.first(where: { $0.key == name }).flatMap({ count($0.value) }), found >= 0 {
                    return found
                }
            }
        }
        return nil
    }

    /// A total sent as a number or as digits.
    static func count(_ value: JSONValue) -> Int? {
        switch value {
        case let .int(number): Int(exactly: number)
        case let .double(number): Int(exactly: number.rounded())
        case let .string(text): Int(text)
        default: nil
        }
    }
}

extension FileProvider {
    /// `20 of 1,118; more with --pages` on stderr when the answer gave a total past what is shown,
    /// worded as every provider words it (``ShownOfTotal``).
    func shownOfTotal(_ results: [FileAnswer]) -> [String] {
        let shown = results.reduce(0) { $0 + $1.items.count }
        let operation = file.operations.first { $0.name == results.first?.operation } ?? file.primary
        let note = ShownOfTotal.note(shown: shown, total: results.compactMap(\.total).max(), pages: operation.paging != nil)
        return note.map { [$0] } ?? []
    }
}
