import APICore

/// Reading the paging styles whose next request comes from the answer before it:
/// `cursor` (a value sent back as a parameter), `next` (a URL in the body) and
/// `link` (an RFC 8288 `Link` header). `page` and `offset` are read in the reader itself.
///
/// ```json
/// "paging": {"style": "cursor", "parameter": "after", "cursor": "last_id", "more": "has_more",
///            "size": 20, "sizeParameter": "limit"}
/// "paging": {"style": "cursor", "parameter": "starting_after", "lastItem": "id", "more": "has_more"}
/// "paging": {"style": "next", "next": "next"}
/// "paging": {"style": "link", "size": 30, "sizeParameter": "per_page"}
/// ```
extension ProviderFileReader {
    /// The styles each style-specific field means something for.
    private static let pagingFieldStyles: [(field: String, styles: [ProviderFile.Paging.Style])] = [
        ("parameter", [.page, .offset, .cursor]), ("first", [.page, .offset]), ("total", [.page, .offset]),
        ("cursor", [.cursor]), ("more", [.cursor]), ("next", [.next]), ("lastItem", [.cursor]), ("step", [.offset]),
    ]

    /// A field another style uses is a mistake to name, not one to ignore: `next` under
    /// `cursor` paging would otherwise be read as nothing at all.
    func refuseFieldsOfOtherStyles(_ style: ProviderFile.Paging.Style, _ paging: inout FieldReader) {
        for (field, styles) in Self.pagingFieldStyles where !styles.contains(style) {
            guard let node = paging.node[field] else { continue }
            let names = styles.map(\.rawValue)
            let owners = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1] : names[0]
            paging.problem(field, line: node.line, "is for \(owners) paging, not \(style.rawValue)")
        }
    }

    /// `cursor`, `next` or `link` paging. Pages count from 0, so `maxPage` 99 lets `--pages` fetch up to 100.
    func readAnswerPaging(_ style: ProviderFile.Paging.Style, _ paging: inout FieldReader) -> ProviderFile.Paging? {
        let parameter = style == .cursor ? paging.parameter("parameter") : ""
        let sizeParameter = paging.parameter("sizeParameter", required: false)
        // A size is only sent with its parameter; without one it bounds what a stored page keeps.
        let size = paging.int("size", in: 1...1_000, required: sizeParameter != nil) ?? 100
        let maxPage = paging.int("maxPage", in: 0...10_000) ?? 99
        // A cursor is a value of the answer (`last_id`) or of its last item (`id`): one of the two.
        let lastItem = style == .cursor ? paging.keyPath("lastItem", required: false) : nil
        if lastItem != nil, let node = paging.node["cursor"] {
            paging.problem("cursor", line: node.line, "and lastItem both say where the cursor is; keep one")
        }
        let cursor = style == .cursor && paging.node["lastItem"] == nil ? paging.keyPath("cursor") : nil
        let more = style == .cursor ? paging.keyPath("more", required: false) : nil
        let next = style == .next ? paging.keyPath("next") : nil
        guard let parameter, style != .cursor || cursor != nil || lastItem != nil, style != .next || next != nil else {
            return nil
        }
        var read = ProviderFile.Paging(
            style: style, parameter: parameter, first: 0, size: size, sizeParameter: sizeParameter, maxPage: maxPage,
            total: nil, cursor: cursor, more: more, next: next)
        read.lastItem = lastItem
        return read
    }

    /// `offset` paging's `step`: `size` unless the file says `items`; nil after a problem.
    func readStep(_ style: ProviderFile.Paging.Style?, _ paging: inout FieldReader) -> ProviderFile.Paging.Step? {
        guard style == .offset, let text = paging.string("step", required: false) else { return .size }
        guard let step = ProviderFile.Paging.Step(rawValue: text) else {
            paging.problem("step", line: paging.node["step"]?.line, "unknown step '\(text)'; use size or items")
            return nil
        }
        return step
    }
}
