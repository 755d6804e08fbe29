import Foundation

/// Text a hostile server might send, for the tests that it is cleaned before it
/// reaches a terminal, kept exact in JSON, and stored as sent.
public enum HostileText {
    /// As it appears inside a JSON string: OSC 52 (clipboard write), CSI (clear
    /// screen), OSC 8 (a link), BEL, backspace, CR, a bidi override and a tab.
    public static let json =
        #"Evil\u001b]52;c;cm0gLXJmIH4=\u0007 \u001b[2J\u001b]8;;http://x.test\u0007link\u001b]8;;\u0007\b\r\u202Egnp.exe\u2066 x\tend"#
    /// The same text decoded.
    public static let decoded =
        "Evil\u{1B}]52;c;cm0gLXJmIH4=\u{07} \u{1B}[2J\u{1B}]8;;http://x.test\u{07}link\u{1B}]8;;\u{07}\u{08}\r\u{202E}gnp.exe\u{2066} x\tend"
    /// What must never reach a terminal.
    public static let forbidden: [Character] = ["\u{1B}", "\u{07}", "\u{08}", "\r", "\u{202E}", "\u{2066}", "\u{9B}"]

    /// The forbidden characters `text` holds, as `U+…` names (empty when clean).
    public static func forbiddenIn(_ text: String) -> [String] {
        forbidden.filter { text.contains($0) }.map { "U+" + String($0.unicodeScalars.first?.value ?? 0, radix: 16) }
    }
}
