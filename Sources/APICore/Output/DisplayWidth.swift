/// How many terminal columns text takes, and how to cut it to fit.
///
/// `String.count` counts characters, but a terminal gives CJK ideographs and
/// emoji two columns and combining accents none, so tables padded by `count`
/// come out ragged. Widths here follow Unicode's East Asian Width property
/// (Wide and Fullwidth count 2) and emoji presentation, measured per grapheme
/// cluster so that a ZWJ family, a flag or `❤️` (with VS16) is one 2-column
/// glyph and `é` written as `e` + U+0301 is one column.
///
///     DisplayWidth.of("日本")        // 4
///     DisplayWidth.of("👩‍👩‍👧")       // 2
///     DisplayWidth.truncate("日本語です", toWidth: 5) // "日本…"
public enum DisplayWidth {
    /// The columns `text` occupies once printed (controls count 0: clean first).
    public static func of(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        if let count = narrowScalarCount(text) { return count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The columns one grapheme cluster occupies: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let base = scalars.first else { return 0 }
        let baseWidth = width(of: base)
        guard scalars.count > 1 else { return baseWidth }
        var regionalIndicators = 0
        var presentsAsEmoji = false
        for scalar in scalars.dropFirst() {
            switch scalar.value {
            case 0xFE0F: presentsAsEmoji = true // VS16: emoji presentation (`❤️`, keycaps)
            case 0x200D where base.properties.isEmoji: presentsAsEmoji = true // ZWJ sequence
            case 0x1F1E6...0x1F1FF: regionalIndicators += 1
            default: break
            }
        }
        if (0x1F1E6...0x1F1FF).contains(base.value) && regionalIndicators > 0 { return 2 } // a flag
        if presentsAsEmoji && baseWidth > 0 { return 2 }
        return baseWidth
    }

    /// The width of one scalar on its own.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if isZeroWidth(scalar) { return 0 }
        if scalar.properties.isEmojiPresentation || EastAsianWide.contains(value) { return 2 }
        return 1
    }

    /// Combining marks, format characters (ZWJ, ZWSP, bidi marks), controls and
    /// Hangul medial vowels and final consonants, which join the syllable before them.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x1160...0x11FF, 0xD7B0...0xD7FF: return true
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true // variation selectors
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return true
        default: return false
        }
    }

    /// `text` cut to at most `width` columns, ending in `…` (or `...` when the
    /// terminal is not Unicode) when anything was cut. Never splits a grapheme
    /// cluster, so an emoji or an accented letter is kept whole or dropped whole;
    /// the result may be one column narrower than `width` when a 2-column
    /// character would not fit.
    public static func truncate(_ text: String, toWidth width: Int, unicode: Bool = true) -> String {
        guard width > 0 else { return "" }
        let printableASCII = isPrintableASCII(text)
        if printableASCII ? text.utf8.count <= width : of(text) <= width { return text }
        let ellipsis = unicode ? "…" : "..."
        let ellipsisWidth = ellipsis.count
        if printableASCII { return asciiTruncated(text, width: width, ellipsis: ellipsis, ellipsisWidth: ellipsisWidth) }
        guard width > ellipsisWidth else { return prefix(of: text, width: width) }
        var kept = prefix(of: text, width: width - ellipsisWidth)
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept + ellipsis
    }

    /// Whether every byte is printable ASCII: one column each, each its own character
    /// (CR LF, the one ASCII cluster of two, is not printable).
    static func isPrintableASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    }

    /// How many scalars `text` has when every one is a one-column character that never
    /// joins another into one grapheme cluster (printable ASCII, Latin-1 and the Latin
    /// extensions up to U+02FF but the soft hyphen, and the dashes, quotes, bullets and
    /// ellipsis of U+2010…2027: most headlines; and the symbols ``isNarrowSymbol(_:)`` admits, which a
    /// forecast's table and sparkline print); nil otherwise. Counting them is the width,
    /// without breaking the text into characters.
    static func narrowScalarCount(_ text: String) -> Int? {
        var count = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x2010...0x2027: count += 1
            case 0x2200...0x274B where isNarrowSymbol(scalar.value): count += 1
            default: return nil
            }
        }
        return count
    }

    /// Mathematical operators, box drawing, block elements, geometric shapes, the weather
    /// symbols of Miscellaneous Symbols and the snowflakes of Dingbats: one column each
    /// (East Asian Ambiguous or Neutral, no emoji presentation) and never joined to a
    /// neighbour into one grapheme cluster (every one checked by the tests). The emoji among
    /// them (◽◾, ☔☕, ♈…♓, ❌ and the rest) and the wide brackets of U+2329/232A lie outside
    /// these ranges and take the per-character path.
    static func isNarrowSymbol(_ value: UInt32) -> Bool {
        switch value {
        case 0x2200...0x22FF, 0x2500...0x25FC, 0x2600...0x2613, 0x2616...0x2647, 0x2740...0x274B: true
        default: false
        }
    }

    /// ``truncate(_:toWidth:unicode:)`` for printable ASCII, by bytes: the same cut
    /// (the only whitespace among printable ASCII is the space).
    private static func asciiTruncated(_ text: String, width: Int, ellipsis: String, ellipsisWidth: Int) -> String {
        let utf8 = text.utf8
        guard width > ellipsisWidth else { return String(Substring(utf8.prefix(width))) }
        var kept = utf8.prefix(width - ellipsisWidth)
        while kept.last == UInt8(ascii: " ") { kept = kept.dropLast() }
        return String(Substring(kept)) + ellipsis
    }

    /// The longest run of whole characters from the start of `text` within `width` columns.
    static func prefix(of text: String, width: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let next = used + of(text[index])
            if next > width { break }
            used = next
            end = text.index(after: index)
        }
        return String(text[..<end])
    }

    /// `text` padded with spaces to `width` columns, on the right or on the left.
    public static func pad(_ text: String, toWidth width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - of(text)))
        return right ? padding + text : text + padding
    }
}
