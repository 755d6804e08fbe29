extension StringProtocol {
    /// The first place `needle` occurs, compared byte for byte (UTF-8): what
    /// Foundation's `range(of:)` finds for the literal texts apicli looks for,
    /// without linking Foundation proper. An empty needle is never found, as in
    /// Foundation.
    ///
    /// Why bytes and not `Character`s: the standard library's `firstRange(of:)`
    /// compares grapheme clusters, so it would not find `"\n"` inside `"\r\n"`;
    /// Foundation would, and so does this. UTF-8 never starts a scalar inside
    /// another, so a byte match is always a whole-scalar match.
    public func firstRange(ofLiteral needle: some StringProtocol) -> Range<String.Index>? {
        let haystack = Array(utf8)
        let pattern = Array(needle.utf8)
        guard let offset = Self.firstOffset(of: pattern, in: haystack, from: 0) else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        let end = utf8.index(start, offsetBy: pattern.count)
        return start..<end
    }

    /// Whether `needle` occurs, compared as ``firstRange(ofLiteral:)`` compares.
    public func containsLiteral(_ needle: some StringProtocol) -> Bool {
        Self.firstOffset(of: Array(needle.utf8), in: Array(utf8), from: 0) != nil
    }

    /// The byte offset of the first `pattern` in `bytes` at or after `start`.
    static func firstOffset(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let head = pattern.first, bytes.count - start >= pattern.count else { return nil }
        var index = start
        let lastStart = bytes.count - pattern.count
        while index <= lastStart {
            if bytes[index] == head, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                return index
            }
            index += 1
        }
        return nil
    }
}
