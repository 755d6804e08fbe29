/// The code points whose East Asian Width is Wide (W) or Fullwidth (F), apart
/// from emoji, which `Unicode.Scalar.Properties.isEmojiPresentation` already
/// knows (every emoji-presentation character is W since Unicode 9).
///
/// From EastAsianWidth.txt (Unicode 15.1), merged into ranges; sorted, so a
/// lookup is a binary search. Ambiguous (A) characters count as narrow, as in
/// every non-CJK locale.
enum EastAsianWide {
    static let ranges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,   // Hangul Jamo initial consonants
        0x2329...0x232A,   // angle brackets
        0x2E80...0x2E99, 0x2E9B...0x2EF3, // CJK Radicals Supplement
        0x2F00...0x2FD5,   // Kangxi Radicals
        0x2FF0...0x2FFF,   // Ideographic Description Characters
        0x3000...0x303E,   // ideographic space (F), CJK symbols and punctuation
        0x3041...0x3096, 0x3099...0x30FF, // Hiragana, Katakana
        0x3105...0x312F, 0x3131...0x318E, // Bopomofo, Hangul Compatibility Jamo
        0x3190...0x31E3, 0x31EF...0x321E, // Kanbun, Bopomofo Ext., CJK Strokes, parenthesised Hangul
        0x3220...0x3247, 0x3250...0x4DBF, // enclosed CJK, CJK Ext. A
        0x4E00...0xA48C, 0xA490...0xA4C6, // CJK Unified Ideographs, Yi
        0xA960...0xA97C,   // Hangul Jamo Extended-A
        0xAC00...0xD7A3,   // Hangul Syllables
        0xF900...0xFAFF,   // CJK Compatibility Ideographs
        0xFE10...0xFE19,   // vertical forms
        0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B, // CJK compatibility and small forms
        0xFF01...0xFF60,   // fullwidth ASCII (F)
        0xFFE0...0xFFE6,   // fullwidth signs (F)
        0x16FE0...0x16FE4, 0x16FF0...0x16FF1, // ideographic symbols
        0x17000...0x187F7, 0x18800...0x18CD5, 0x18D00...0x18D08, // Tangut, Khitan
        0x1AFF0...0x1AFF3, 0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, // Kana Extended-B
        0x1B000...0x1B122, 0x1B132...0x1B132, 0x1B150...0x1B152, 0x1B155...0x1B155,
        0x1B164...0x1B167, 0x1B170...0x1B2FB, // Kana supplements, Nushu
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, // enclosed ideographs
        0x1F250...0x1F251, 0x1F260...0x1F265,
        0x20000...0x2FFFD, // CJK Ext. B–F, compatibility supplement
        0x30000...0x3FFFD, // CJK Ext. G–H
    ]

    static func contains(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
