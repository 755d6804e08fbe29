/// What the output is going to: decides width, colour and which symbols are safe.
public struct Terminal: Sendable, Hashable {
    /// Columns available; tables are fitted to it unless ``wide``.
    public var width: Int
    /// Whether ANSI colour may be used (a TTY, no `NO_COLOR`, not `TERM=dumb`, or `--color always`).
    public var color: Bool
    /// Whether the locale is UTF-8; otherwise symbols fall back to ASCII.
    public var unicode: Bool
    /// `--wide`: never truncate cells.
    public var wide: Bool

    public init(width: Int = 100, color: Bool = false, unicode: Bool = true, wide: Bool = false) {
        self.width = width
        self.color = color
        self.unicode = unicode
        self.wide = wide
    }

    /// A plain, unstyled, 100-column terminal: what pipes and tests get.
    public static let plain = Terminal()
}
