/// A provider file's text made safe to print whole, as `apicli provider show` does.
///
/// The reader refuses terminal controls and bidi characters in every string, but `show`
/// prints the file as it is on disk, which may have been written before that rule, by
/// hand, or be broken: an `ESC ] 52` there would write the clipboard, a lone carriage
/// return would let a second `baseURL` line be drawn over the first, and U+202E would
/// reverse a host name. Each such character is written as a JSON escape (`\u001b`,
/// `\u202e`) instead of being cleaned away: inside a JSON string the escape means the
/// same character, so the text shown is still the file (it reads back the same), and the
/// reader sees what is there. Line breaks, tabs and a carriage return that ends a line
/// (`\r\n`) are kept, since they only lay the text out.
enum ShownFileText {
    static func escaped(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let endsLine = scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n"
            if scalar == "\n" || scalar == "\t" || endsLine || !controlsTerminal(scalar) {
                out.append(scalar)
            } else {
                out.append(contentsOf: escape(scalar).unicodeScalars)
            }
        }
        return String(out)
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators, and the bidi
    /// embeddings, overrides, isolates and direction marks the sanitiser removes.
    private static func controlsTerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    /// `\u001b`: four lowercase hex digits, as JSON writes a character it escapes.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
