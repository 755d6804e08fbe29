extension StringProtocol {
    /// The text without the scalars of `set` at either end: what Foundation's
    /// `trimmingCharacters(in:)` returns, without linking Foundation proper.
    ///
    ///     "  Paris \t".trimmed(.whitespaces)   // "Paris"
    ///
    /// It works on Unicode scalars, as `trimmingCharacters(in:)` does, so a
    /// combining mark left alone at an end by the trim stays with what precedes it.
    public func trimmed(_ set: ScalarSet) -> String {
        let text = String(self)
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !set.contains($0) }) else { return "" }
        // `first` exists, so a last non-member exists too.
        let last = scalars.lastIndex(where: { !set.contains($0) }) ?? first
        return String(scalars[first...last])
    }
}
