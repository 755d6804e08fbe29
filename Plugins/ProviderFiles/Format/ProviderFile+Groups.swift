import APICore

extension ProviderFile {
    /// Each operation's heading in help, in order: its first tag when the document tags
    /// its operations; for a document without tags (Stripe's), the first word of its path
    /// after the part every path shares (`customers` for `/v1/customers/{customer}`);
    /// nil for none, or when that makes no groups worth a heading.
    var operationGroups: [String?] {
        if operations.contains(where: { !$0.tags.isEmpty }) { return operations.map(\.tags.first) }
        let segments = operations.map { $0.path.pieces(between: "/", omittingEmpty: true).map(String.init) }
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

    /// The path every request starts with that the API's document leaves to its server
    /// (`/svc/topstories/v2`): the literal segments all operations' paths begin with,
    /// never a path's last segment; nil when there are none.
    var basePath: String? {
        let heads = operations.map { operation -> [String] in
            let segments = operation.path.pieces(between: "/", omittingEmpty: true).map(String.init).dropLast()
            return Array(segments.prefix { !$0.containsLiteral("{") })
        }
        let shared = Self.sharedCount(heads)
        guard shared > 0, let first = heads.first else { return nil }
        return "/" + first.prefix(shared).joined(separator: "/")
    }

    /// How many leading elements every list has in common.
    private static func sharedCount(_ lists: [[String]]) -> Int {
        guard let first = lists.first else { return 0 }
        var count = 0
        while count < first.count, lists.allSatisfy({ count < $0.count && $0[count] == first[count] }) { count += 1 }
        return count
    }

    /// `reviews` for `reviews.json`.
    private static func withoutExtension(_ segment: String) -> String {
        guard let dot = segment.lastIndex(of: "."), dot != segment.startIndex else { return segment }
        return String(segment[..<dot])
    }
}
