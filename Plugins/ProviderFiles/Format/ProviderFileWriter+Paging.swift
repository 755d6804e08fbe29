import APICore

extension ProviderFileWriter {
    /// `cursor`, `next` or `link` paging, with only the fields its style reads
    /// (see `ProviderFileReader+Paging.swift`).
    static func answerPaging(_ paging: ProviderFile.Paging) -> JSONValue {
        var members: [JSONValue.Member] = [.init("style", .string(paging.style.rawValue))]
        if paging.style == .cursor {
            members.append(.init("parameter", .string(paging.parameter)))
            if let cursor = paging.cursor { members.append(.init("cursor", .string(cursor.description))) }
            if let more = paging.more { members.append(.init("more", .string(more.description))) }
        }
        if paging.style == .next, let next = paging.next { members.append(.init("next", .string(next.description))) }
        members.append(.init("size", .int(Int64(paging.size))))
        if let size = paging.sizeParameter { members.append(.init("sizeParameter", .string(size))) }
        members.append(.init("maxPage", .int(Int64(paging.maxPage))))
        return .object(members)
    }
}
