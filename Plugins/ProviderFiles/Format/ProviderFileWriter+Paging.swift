import APICore

extension ProviderFileWriter {
    /// `cursor`, `next` or `link` paging, with only the fields its style reads
    /// (see `ProviderFileReader+Paging.swift`).
    static func answerPaging(_ paging: ProviderFile.Paging) -> JSONValue {
        var members: [JSONValue.Member] = [.init("style", .string(paging.style.rawValue))]
        if paging.style == .cursor {
            members.append(.init("parameter", .string(paging.parameter)))
            if let cursor = paging.cursor { members.append(.init("cursor", .string(cursor.description))) }
            if let lastItem = paging.lastItem { members.append(.init("lastItem", .string(lastItem.description))) }
            if let more = paging.more { members.append(.init("more", .string(more.description))) }
        }
        if paging.style == .next, let next = paging.next { members.append(.init("next", .string(next.description))) }
        members.append(.init("size", .int(Int64(paging.size))))
        if let size = paging.sizeParameter { members.append(.init("sizeParameter", .string(size))) }
        members.append(.init("maxPage", .int(Int64(paging.maxPage))))
        return .object(members)
    }

    /// `step`, written only when it is not the default `size`, so that files without it stay as they were.
    static func offsetStep(_ paging: ProviderFile.Paging) -> JSONValue.Member? {
        paging.style == .offset && paging.step != .size ? .init("step", .string(paging.step.rawValue)) : nil
    }
}
