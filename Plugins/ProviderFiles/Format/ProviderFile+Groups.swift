import APICore

extension ProviderFile {
    /// Each operation's heading in help, in order: its first tag when the document tags
    /// its operations; for a document without tags (Stripe's), the first word of its path
    /// after the part every path shares (`customers` for `/v1/customers/{customer}`);
    /// nil for none, or when that makes no groups worth a heading.
    var operationGroups: [String?] {
        if operations.contains(where: { !$0.tags.isEmpty }) { return operations.map(\.tags.first) }
        // By bytes, without splitting every path: the segments all paths begin with, then each one's next.
        let paths = operations.map { Array($0.path.utf8) }
        let shared = Self.sharedSegments(paths)
        let groups = paths.map { path -> String? in
            var start = shared
            while start < path.count, path[start] == UInt8(ascii: "/") { start += 1 }
            var end = start
            while end < path.count, path[end] != UInt8(ascii: "/") { end += 1 }
            let segment = path[start..<end]
            guard !segment.isEmpty, segment.first != UInt8(ascii: "{") else { return nil }
            let word = segment.lastIndex(of: UInt8(ascii: ".")).flatMap { $0 > start ? segment[..<$0] : nil } ?? segment
            return String(decoding: word, as: UTF8.self)
        }
        let named = Set(groups.compactMap { $0 })
        // One heading over everything, or a heading per operation, is no grouping.
        guard named.count > 1, named.count < operations.count else { return operations.map { _ in nil } }
        return groups
    }

    /// How many bytes of the paths their shared whole segments take: up to the last `/` at which
    /// every path has a segment boundary and all agree.
    private static func sharedSegments(_ paths: [[UInt8]]) -> Int {
        guard let first = paths.first else { return 0 }
        var length = first.count
        for path in paths.dropFirst() {
            var index = 0
            while index < min(length, path.count), path[index] == first[index] { index += 1 }
            length = index
        }
        // Back to a boundary that ends a whole segment in every path.
        while length > 0 {
            let boundary = paths.allSatisfy { length == $0.count || $0[length] == UInt8(ascii: "/") }
            if boundary && first[length - 1] != UInt8(ascii: "/") { break }
            length -= 1
        }
        return length
    }
}
