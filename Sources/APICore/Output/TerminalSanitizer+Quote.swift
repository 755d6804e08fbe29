#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

extension TerminalSanitizer {
    /// A server's message made fit to quote inside one error line: terminal
    /// controls removed (see ``clean(_:keepingNewlines:)``), surrounding spaces
    /// trimmed, and at most `limit` characters and four bytes a character, the
    /// last one `…` when cut (a character can be any size: a letter and a
    /// megabyte of combining marks is one). Nil when nothing printable is left,
    /// so the caller can leave the quote out.
    ///
    ///     let reason = TerminalSanitizer.quote(body.message).map { ": " + $0 } ?? ""
    public static func quote(_ text: String?, limit: Int = 120) -> String? {
        guard let text else { return nil }
        let cleaned = clean(text).trimmed(.whitespaces)
        guard !cleaned.isEmpty else { return nil }
        let bytes = limit * 4
        if cleaned.prefix(characters: limit, bytes: bytes).endIndex == cleaned.endIndex { return cleaned }
        return String(cleaned.prefix(characters: max(limit - 1, 0), bytes: max(bytes - 3, 0))) + "…"
    }
}
