extension StringProtocol {
    /// The text cut or padded with spaces to exactly `length` characters: the
    /// column cells Foundation's `padding(toLength:withPad:startingAt:)` made,
    /// without linking Foundation proper.
    ///
    ///     "nyt".padded(toLength: 6) + "|"   // "nyt   |"
    ///
    /// It counts `Character`s (Foundation counted UTF-16 units), which is how
    /// the callers measure their column widths; for ASCII the two agree.
    public func padded(toLength length: Int) -> String {
        let count = self.count
        if count >= length { return String(prefix(Swift.max(length, 0))) }
        return String(self) + String(repeating: " ", count: length - count)
    }
}
