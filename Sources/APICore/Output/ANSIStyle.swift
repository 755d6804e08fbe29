/// A text style as ANSI SGR codes, applied only when colour is allowed.
///
/// Whether colour is allowed is decided once, by whoever builds the
/// ``Terminal`` (a TTY, no `NO_COLOR`, not `TERM=dumb`, or `--color always`);
/// styles never decide it themselves, so piped output is plain by construction.
///
///     ANSIStyle.bold.apply("Title", enabled: terminal.color)
///     (ANSIStyle.red + .bold).apply("error:", enabled: stderrColor)
public struct ANSIStyle: Sendable, Hashable {
    /// SGR parameters, in order (`1` bold, `31` red…).
    public var codes: [Int]

    public init(codes: [Int]) { self.codes = codes }

    public static let bold = ANSIStyle(codes: [1])
    public static let dim = ANSIStyle(codes: [2])
    public static let italic = ANSIStyle(codes: [3])
    public static let underline = ANSIStyle(codes: [4])
    public static let red = ANSIStyle(codes: [31])
    public static let green = ANSIStyle(codes: [32])
    public static let yellow = ANSIStyle(codes: [33])
    public static let blue = ANSIStyle(codes: [34])
    public static let magenta = ANSIStyle(codes: [35])
    public static let cyan = ANSIStyle(codes: [36])
    public static let gray = ANSIStyle(codes: [90])

    /// Both styles at once: `.bold + .red`.
    public static func + (lhs: ANSIStyle, rhs: ANSIStyle) -> ANSIStyle {
        ANSIStyle(codes: lhs.codes + rhs.codes)
    }

    /// `text` wrapped in this style and a reset; `text` unchanged when colour is
    /// off, the text is empty or the style has no codes.
    public func apply(_ text: String, enabled: Bool) -> String {
        guard enabled, !text.isEmpty, !codes.isEmpty else { return text }
        return "\u{1B}[" + codes.map(String.init).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }

    /// `text` styled for `terminal` (plain unless `terminal.color`).
    public func apply(_ text: String, for terminal: Terminal) -> String {
        apply(text, enabled: terminal.color)
    }
}
