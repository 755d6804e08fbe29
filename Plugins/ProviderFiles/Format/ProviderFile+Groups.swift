import APICore

extension ProviderFile {
    /// Each operation's heading in help, in order: its first tag when the document tags
    /// its operations; for a document without tags (Stripe's), the first word of its path
    /// after the part every path shares (`customers` for `/v1/customers/{customer}`);
    /// nil for none, or when that makes no groups worth a heading.
    var operationGroups: [String?] {
        if operations.contains(where: { !$0.tags.isEmpty }) { return operations.map(\.tags.first) }
        let segments = operations.map { Self.segments(of: $0.path) }
        let shared = Self.sharedCount(segments)
        let groups = segments.map { path -> String? in
            guard path.count > shared else { return nil }
            let word = Self.withoutExtension(path[shared])
            return word.isEmpty || word.startsWithLiteral("{") ? nil : word
        }
        let named = Set(groups.compactMap { $0 })
        // One heading over everything, or a heading per operation, is no grouping.
        guard named.count > 1, named.count < operations.count else { return operations.map { _ in nil } }
        return groups
    }

    /// The path's segments, `{placeholders}` as written; found by bytes, for thousands of paths.
    private static func segments(of path: String) -> [Substring] {
        var segments: [Substring] = []
        var start = path.utf8.startIndex
        var index = start
        while index < path.utf8.endIndex {
            if path.utf8[index] == UInt8(ascii: "/") {
                if index > start { segments.append(path[start..<index]) }
                start = path.utf8.index(after: index)
            }
            index = path.utf8.index(after: index)
        }
        if index > start { segments.append(path[start..<index]) }
        return segments
    }

    /// How many leading elements every list has in common.
    private static func sharedCount(_ lists: [[Substring]]) -> Int {
        guard let first = lists.first else { return 0 }
        var count = 0
        while count < first.count, lists.allSatisfy({ count < $0.count && $0[count] == first[count] }) { count += 1 }
        return count
    }

    /// `reviews` for `reviews.json`.
    private static func withoutExtension(_ segment: Substring) -> String {
        guard let dot = segment.utf8.lastIndex(of: UInt8(ascii: ".")), dot != segment.startIndex else { return String(segment) }
        return String(segment[..<dot])
    }
}
