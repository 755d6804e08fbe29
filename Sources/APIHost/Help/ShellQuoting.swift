/// Quoting for the generated completion scripts.
///
/// Completion word lists are expanded by the shell (bash's `compgen -W`
/// expands `$(…)` in its word list), so only words made of plain characters
/// are offered; descriptions are quoted for the shell that reads them.
///
/// Every mark is found by its scalar or its byte, never by `Character`: a
/// shell reads bytes, and `'\u{301}` is one character that is not `'` but
/// still ends the quote. A provider file's summary or an OpenAPI document's
/// description is not ours to trust (docs/design/0022-text-marks-by-bytes.md).
enum ShellQuoting {
    /// Letters, digits and `._:/@+,=%-`: safe unquoted in every shell's word list.
    static func isPlainWord(_ word: String) -> Bool {
        // By bytes: every plain word is ASCII, and a byte of a longer scalar is never one of these.
        !word.isEmpty && word.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "._:/@+,=%-".utf8.contains(byte)
        }
    }

    /// The plain words of `words`, joined by spaces.
    static func wordList(_ words: [String]) -> String {
        words.filter(isPlainWord).joined(separator: " ")
    }

    /// `text` in POSIX single quotes (bash, zsh): `'` becomes `'\''`.
    static func singleQuoted(_ text: String) -> String {
        "'" + text.pieces(between: "'").joined(separator: "'\\''") + "'"
    }

    /// `text` in fish single quotes, where only `\\` and `\'` are escapes.
    static func fishQuoted(_ text: String) -> String {
        "'" + backslashed(text, before: "\\'") + "'"
    }

    /// `text` with a backslash before each scalar of `marks`, compared scalar by scalar.
    static func backslashed(_ text: String, before marks: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if marks.unicodeScalars.contains(scalar) { out.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// Whether an option's value is a file path, so completion offers files.
    static func takesPath(_ option: OptionSpec) -> Bool {
        ["PATH", "FILE", "DIR"].contains(option.valueName ?? "")
    }
}
