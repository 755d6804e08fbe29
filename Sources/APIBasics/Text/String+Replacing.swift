extension StringProtocol {
    /// Every occurrence of `target` replaced by `replacement`, left to right and
    /// without overlaps, compared byte for byte as ``firstRange(ofLiteral:)``
    /// compares: Foundation's `replacingOccurrences(of:with:)` for literal
    /// texts, in one pass, without linking Foundation proper.
    ///
    ///     "nyt-top".replacingAll("-", with: "_")   // "nyt_top"
    ///
    /// An empty `target` changes nothing, as in Foundation.
    public func replacingAll(_ target: some StringProtocol, with replacement: some StringProtocol) -> String {
        let bytes = Array(utf8)
        let pattern = Array(target.utf8)
        guard var found = Self.firstOffset(of: pattern, in: bytes, from: 0) else { return String(self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var copied = 0
        while true {
            out.append(contentsOf: bytes[copied..<found])
            out.append(contentsOf: replacement.utf8)
            copied = found + pattern.count
            guard let next = Self.firstOffset(of: pattern, in: bytes, from: copied) else { break }
            found = next
        }
        out.append(contentsOf: bytes[copied...])
        return String(decoding: out, as: UTF8.self)
    }
}
