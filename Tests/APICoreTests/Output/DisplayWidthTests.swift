import Testing
@testable import APICore

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test("widths of single characters", arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("Ω", 1), ("°", 1),
        ("日", 2), ("語", 2), ("한", 2), ("あ", 2), ("ア", 2), ("ｱ", 1), // half-width katakana
        ("Ａ", 2), ("\u{3000}", 2), // fullwidth letter, ideographic space
        ("👍", 2), ("👍🏽", 2), ("👩‍👩‍👧", 2), ("🏳️‍🌈", 2), ("🇫🇷", 2), ("❤️", 2), ("❤", 1), ("1️⃣", 2),
        ("☀", 1), ("☀️", 2), ("⛅", 2), ("🌧", 1), ("🌧️", 2),
        ("\u{200B}", 0), ("\u{200D}", 0), ("\u{301}", 0), ("\u{FE0F}", 0),
        ("𠀋", 2), // CJK Extension B (plane 2)
    ])
    func character(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test("widths of strings add up per grapheme")
    func strings() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("hello") == 5)
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("Cafe\u{301} 東京 🌧️") == 4 + 1 + 4 + 1 + 2)
        #expect(DisplayWidth.of("Z\u{351}\u{36B}\u{343}a\u{300}\u{300}") == 2) // stacked combining marks
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}") == 2) // conjoining jamo: one syllable
    }

    @Test("East Asian Wide table boundaries")
    func tableBoundaries() {
        #expect(EastAsianWide.contains(0x1100))
        #expect(EastAsianWide.contains(0x115F))
        #expect(!EastAsianWide.contains(0x1160))
        #expect(!EastAsianWide.contains(0x10FF))
        #expect(EastAsianWide.contains(0x4E00))
        #expect(EastAsianWide.contains(0x9FFF))
        #expect(!EastAsianWide.contains(0x4DC0)) // Yijing hexagrams: neutral
        #expect(EastAsianWide.contains(0xAC00))
        #expect(EastAsianWide.contains(0xD7A3))
        #expect(!EastAsianWide.contains(0xD7A4))
        #expect(EastAsianWide.contains(0xFF01))
        #expect(EastAsianWide.contains(0xFF60))
        #expect(!EastAsianWide.contains(0xFF61)) // half-width forms start here
        #expect(EastAsianWide.contains(0x3FFFD))
        #expect(!EastAsianWide.contains(0x40000))
        // The table is sorted and its ranges do not overlap, so binary search is right.
        for (lower, upper) in zip(EastAsianWide.ranges, EastAsianWide.ranges.dropFirst()) {
            #expect(lower.upperBound < upper.lowerBound)
        }
    }

    @Test("truncate keeps text that fits")
    func truncateFits() {
        #expect(DisplayWidth.truncate("hello", toWidth: 5) == "hello")
        #expect(DisplayWidth.truncate("日本", toWidth: 4) == "日本")
    }

    @Test("truncate cuts with an ellipsis, never splitting a grapheme", arguments: [
        ("hello world", 8, true, "hello w…"),
        ("hello world", 7, true, "hello…"), // trailing space before the ellipsis is dropped
        ("日本語です", 5, true, "日本…"),
        ("日本語です", 6, true, "日本…"), // the third ideograph would need 2 of the 1 column left
        ("e\u{301}e\u{301}e\u{301}e\u{301}", 3, true, "e\u{301}e\u{301}…"),
        ("👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧", 4, true, "👩‍👩‍👧…"),
        ("🇫🇷🇩🇪🇮🇹", 3, true, "🇫🇷…"),
        ("hello world", 8, false, "hello..."),
        ("hello", 2, false, "he"),
        ("hello", 1, true, "h"), // no room for an ellipsis: the first column of text is kept
        ("hello", 0, true, ""),
    ])
    func truncate(text: String, width: Int, unicode: Bool, expected: String) {
        let cut = DisplayWidth.truncate(text, toWidth: width, unicode: unicode)
        #expect(cut == expected)
        #expect(DisplayWidth.of(cut) <= max(0, width))
    }

    @Test("a very long word is cut to the width")
    func longWord() {
        let word = String(repeating: "x", count: 10_000)
        let cut = DisplayWidth.truncate(word, toWidth: 20)
        #expect(cut == String(repeating: "x", count: 19) + "…")
    }

    /// The scalars counted without breaking text into characters: each is one column
    /// and its own grapheme cluster, next to any other of them, as the per-character
    /// measure says; text with any other scalar takes the per-character path.
    @Test("the narrow scalars are measured as the per-character path measures them")
    func narrowScalars() throws {
        let narrow = Array(UInt32(0x20)...0x7E) + Array(UInt32(0xA0)...0xAC) + Array(UInt32(0xAE)...0x2FF)
            + Array(UInt32(0x2010)...0x2027) + (UInt32(0x2200)...0x274B).filter(DisplayWidth.isNarrowSymbol)
        #expect(narrow.contains(0x2600) && narrow.contains(0x2581) && narrow.contains(0x2744)) // ☀ ▁ ❄
        for value in narrow {
            let scalar = try #require(Unicode.Scalar(value))
            let text = "a" + String(scalar) + String(scalar) + "\u{2019}"
            #expect(text.count == 4, "U+\(String(value, radix: 16)) joins a neighbour")
            #expect(DisplayWidth.narrowScalarCount(text) == 4)
            #expect(text.reduce(0) { $0 + DisplayWidth.of($1) } == 4, "U+\(String(value, radix: 16))")
        }
        for other in ["\u{AD}", "e\u{301}", "\u{85}", "\u{2028}", "日", "👍", "\u{200B}", "☔", "◽", "♈", "❌",
                      "\u{2329}", "☀\u{FE0F}", "❄\u{FE0F}"] {
            #expect(DisplayWidth.narrowScalarCount("a" + other) == nil)
        }
        #expect(DisplayWidth.of("Obama’s “plan” — at 5 °C") == 24)
        #expect(DisplayWidth.of("☀☂ ▁▃█ ❄ ≋") == 10)
        #expect(DisplayWidth.of("☀\u{FE0F}") == 2) // emoji presentation: the per-character path
    }
}
