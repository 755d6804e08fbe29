extension StringProtocol {
    /// The pieces between each ASCII `mark`, found byte for byte (UTF-8), as
    /// ``containsLiteral(_:)`` finds a text.
    ///
    /// Why not `split(separator:)`: it compares `Character`s, and a mark followed
    /// by a combining character (`"/\u{301}"`) is one character that is not `/`.
    /// A URL parser, curl, a server or a file system reads the bytes and sees the
    /// `/`. A check that splits by characters then passes text that the next
    /// reader splits elsewhere. Cut at the bytes, both agree. A piece starts and
    /// ends at an ASCII byte, so it is always whole scalars. `mark` is an ASCII
    /// literal of the caller's, never text from outside.
    ///
    ///     "a/\u{301}b".pieces(between: "/")   // ["a", "\u{301}b"]
    public func pieces(between mark: Unicode.Scalar, maxSplits: Int = .max, omittingEmpty: Bool = false) -> [Substring] {
        let text = Substring(self)
        return text.utf8.split(separator: UInt8(ascii: mark), maxSplits: maxSplits, omittingEmptySubsequences: omittingEmpty)
            .map { text[$0.startIndex..<$0.endIndex] }
    }

    /// The text before the first ASCII `mark` and the text after it, found byte
    /// for byte as ``pieces(between:maxSplits:omittingEmpty:)`` finds it; nil
    /// when there is none.
    ///
    ///     "/search?q=1".cut(atFirst: "?")   // ("/search", "q=1")
    public func cut(atFirst mark: Unicode.Scalar) -> (before: Substring, after: Substring)? {
        let text = Substring(self)
        guard let at = text.utf8.firstIndex(of: UInt8(ascii: mark)) else { return nil }
        return (text[..<at], text[text.utf8.index(after: at)...])
    }

    /// Whether the text begins with `prefix`, compared byte for byte: `hasPrefix`
    /// compares characters, so `"/\u{301}x"` does not begin with `/` for it.
    public func startsWithLiteral(_ prefix: some StringProtocol) -> Bool {
        utf8.starts(with: prefix.utf8)
    }
}
