extension String {
    /// Bytes of UTF-8 in the largest character that is not a flood of marks.
    static let largestRealCharacter = 32

    /// The longest start of the text with at most `characters` characters and at most
    /// `bytes` bytes of UTF-8, cut between scalars; the whole text when it fits.
    ///
    /// Why both: a `Character` has no size of its own. One letter and 100,000
    /// combining marks are one character and 200 KB, so a limit in characters alone
    /// bounds nothing that a server or a file controls. The cut falls between
    /// characters, except inside one larger than any real one (32 bytes: the longest
    /// emoji sequences are shorter), which keeps its first scalars: the letter and
    /// some of its marks.
    ///
    ///     "Zalgo".prefix(characters: 3, bytes: 100)   // "Zal"
    public func prefix(characters: Int, bytes: Int) -> Substring {
        var end = startIndex
        var count = 0
        var used = 0
        while end < endIndex, count < characters {
            let next = index(after: end)
            let width = utf8.distance(from: end, to: next)
            guard used + width <= bytes else {
                guard width > Self.largestRealCharacter else { return self[startIndex..<end] }
                var scalarEnd = end
                for scalar in unicodeScalars[end..<next] {
                    used += UTF8.width(scalar)
                    if used > bytes { break }
                    scalarEnd = unicodeScalars.index(after: scalarEnd)
                }
                return self[startIndex..<scalarEnd]
            }
            used += width
            count += 1
            end = next
        }
        return self[startIndex..<end]
    }
}
