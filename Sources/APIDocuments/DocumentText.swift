/// Text from a document, made safe to put in an error message.
///
/// An error line goes to a terminal, so a key, an anchor or a stray character that
/// it quotes must never carry a control byte (an ESC starts a terminal command; a
/// carriage return hides what came before it) or a bidi control (U+202E reverses
/// what follows). Such scalars are written as `\u{1B}` in quoted text and as `0x1B`
/// or `U+202E` when one character is named. The document's values themselves are
/// kept as they are: cleaning what is shown is the display layer's job.
enum DocumentText {
    /// Longest quoted text, in characters, before it is cut with "…".
    static let maxQuoted = 80

    /// `text` in double quotes, escaped and cut to ``maxQuoted`` characters.
    static func quoted(_ text: String) -> String {
        "\"" + escaped(text, limit: maxQuoted, quotes: true) + "\""
    }

    /// `text` with every scalar that cannot be shown written as `\u{…}`, unquoted:
    /// for messages from a library, which should be plain English but are not trusted to be.
    static func safe(_ text: String) -> String {
        escaped(text, limit: 400, quotes: false)
    }

    private static func escaped(_ text: String, limit: Int, quotes: Bool) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                out += "…"
                break
            }
            count += 1
            if quotes, scalar == "\"" || scalar == "\\" {
                out += "\\"
                out.unicodeScalars.append(scalar)
            } else if isShowable(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{" + hex(scalar.value, digits: scalar.value > 0xFF ? 4 : 2) + "}"
            }
        }
        return out
    }

    /// One character, named so that the name is always safe: `'x'`, `0x1B`, `U+202E`,
    /// or `'é' (U+00E9)`.
    static func character(_ scalar: Unicode.Scalar) -> String {
        if scalar.isASCII {
            return isShowable(scalar) && scalar != " " ? "'\(scalar)'" : "0x" + hex(scalar.value, digits: 2)
        }
        let code = "U+" + hex(scalar.value, digits: 4)
        return isShowable(scalar) ? "'\(scalar)' (\(code))" : code
    }

    /// A raw byte, as `0xFF`.
    static func byte(_ byte: UInt8) -> String {
        "0x" + hex(UInt32(byte), digits: 2)
    }

    /// Whether a scalar can be printed as itself: printable ASCII, or a non-ASCII
    /// letter, digit, symbol or punctuation mark. Controls, format characters (bidi
    /// controls among them), separators other than the space, marks that combine with
    /// what precedes them, private-use and unassigned code points are not.
    static func isShowable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (0x20...0x7E).contains(scalar.value) }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .unassigned,
             .surrogate, .nonspacingMark, .spacingMark, .enclosingMark:
            return false
        default:
            return true
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
