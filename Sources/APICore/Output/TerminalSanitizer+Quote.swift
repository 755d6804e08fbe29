#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

extension TerminalSanitizer {
    /// A server's message made fit to quote inside one error line: terminal
    /// controls removed (see ``clean(_:keepingNewlines:)``), surrounding spaces
    /// trimmed, and at most `limit` characters, the last one `…` when cut. Nil
    /// when nothing printable is left, so the caller can leave the quote out.
    ///
    ///     let reason = TerminalSanitizer.quote(body.message).map { ": " + $0 } ?? ""
    public static func quote(_ text: String?, limit: Int = 120) -> String? {
        guard let text else { return nil }
        let cleaned = clean(text).trimmed(.whitespaces)
        guard !cleaned.isEmpty else { return nil }
        return cleaned.count > limit ? String(cleaned.prefix(max(limit - 1, 0))) + "…" : cleaned
    }
}
