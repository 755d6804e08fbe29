/// A value from a setting (the config file, an environment variable, a flag) as an error
/// message quotes it: every character that would not show, or would move what follows,
/// written as `\u{…}`, and the whole cut to ``maxCharacters``.
///
/// Error lines are cleaned of terminal controls when printed, so a value holding one
/// (`imp\u{1B}erial`, a right-to-left mark, a zero-width space) was quoted as the value
/// it is not: "must be one of metric, imperial, not 'imperial'" about a file that does
/// not say `imperial`. Written out, the message names the value the file holds.
enum ShownValue {
    /// The most characters quoted; the rest is `…`.
    static let maxCharacters = 200

    static func quoted(_ value: String) -> String {
        var out = ""
        var count = 0
        for scalar in value.unicodeScalars {
            if count == maxCharacters {
                out += "…"
                break
            }
            count += 1
            if isHidden(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Controls (C0, DEL, C1), format characters (bidi controls, direction marks, zero-width
    /// characters) and line or paragraph separators.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
