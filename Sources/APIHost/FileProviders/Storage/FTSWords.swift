/// Turns what a user typed into an FTS5 query meaning "all of these words",
/// each quoted so that no FTS5 operator or syntax error can come from input.
enum FTSWords {
    /// `c++ & "rust"` → `"c++" "rust"`; nil when no word with a letter or digit is left.
    static func allWords(_ text: String) -> String? {
        let words = text.split(whereSeparator: \.isWhitespace)
            .filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }
            .map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
