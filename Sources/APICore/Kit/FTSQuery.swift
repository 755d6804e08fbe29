#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

/// Turns what a user typed into an FTS5 query that means "all of these words",
/// for a provider's offline search (NYT's articles, the provider files' items).
///
/// Each word becomes an FTS5 string (`"word"`, with `"` doubled), so `*`, `(`,
/// `-`, `:`, `^`, `NEAR`, `AND`, `OR` and `NOT` are plain text: a search can
/// never be a syntax error, and it is bound as a value, so it can never be SQL.
public enum FTSQuery {
    /// `c++ & "rust"` → `"c++" "rust"` (a word with no letter or digit in it has no
    /// token to match and is left out); nil when no word is left.
    public static func allWords(_ text: String) -> String? {
        let words = text.split(whereSeparator: \.isWhitespace)
            .filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }
            .map { "\"" + $0.replacingAll("\"", with: "\"\"") + "\"" }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
