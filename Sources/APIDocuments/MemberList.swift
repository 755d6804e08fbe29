/// The members of one object as a reader collects them, refusing a key given twice.
///
/// jq and Python keep the last of two equal keys and apicli's old reader kept the
/// first, so a file could show one value and use the other: both readers refuse
/// the second instead, naming the key and both lines. Keys compare as Swift strings
/// do, by canonical equivalence, so two spellings of "é" that look the same are one key.
struct MemberList {
    private(set) var members: [(key: String, value: DocumentNode)] = []
    private var keyLines: [Int] = []
    /// Key to position, built once an object is large enough for a scan to cost.
    private var index: [String: Int]?

    private static let scanLimit = 12

    /// The line `key` was first given on, if it was.
    func line(of key: String) -> Int? {
        if let index { return index[key].map { keyLines[$0] } }
        return members.firstIndex { $0.key == key }.map { keyLines[$0] }
    }

    /// Adds a member, or throws when its key is already there.
    mutating func append(key: String, line keyLine: Int, column: Int, value: DocumentNode) throws(DocumentError) {
        if let first = line(of: key) {
            throw DocumentError(
                .duplicateKey, line: keyLine, column: column,
                "the key \(DocumentText.quoted(key)) is given twice in one object, on line \(first) and line \(keyLine); remove one")
        }
        members.append((key, value))
        keyLines.append(keyLine)
        if index != nil {
            index?[key] = members.count - 1
        } else if members.count > Self.scanLimit {
            var built: [String: Int] = [:]
            for (position, member) in members.enumerated() { built[member.key] = position }
            index = built
        }
    }

    /// Adds a member whose key may be there already, keeping the first (YAML merge keys).
    mutating func appendUnlessPresent(key: String, line keyLine: Int, value: DocumentNode) {
        guard line(of: key) == nil else { return }
        try? append(key: key, line: keyLine, column: 0, value: value)
    }
}
