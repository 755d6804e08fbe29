/// A file size for people, as Foundation's `ByteCountFormatter` (count style
/// `.file`) wrote it on this platform, without Foundation proper (where the
/// formatter lives, next to ICU): `"Zero KB"`, `"1 byte"`, `"999 bytes"`,
/// `"12 KB"`, `"1,000 KB"`, `"1.2 MB"`, `"1.23 GB"`.
///
/// The rules it follows (checked against `ByteCountFormatter` in the tests):
/// - decimal units (1 KB = 1,000 bytes), the unit chosen by the size alone
///   (999,999 bytes is `"1,000 KB"`, not `"1 MB"`);
/// - no decimals for KB, one for MB, two from GB up, trailing zeros dropped;
/// - rounding half to even of the quotient's shortest decimal form, which is
///   what the formatter's number formatting does (1.05 MB → `"1 MB"`,
///   1.235 GB → `"1.24 GB"`);
/// - a comma between groups of three integer digits.
public enum ByteCount {
    public static func fileSize(_ bytes: Int64) -> String {
        if bytes == 0 { return "Zero KB" }
        let magnitude = bytes.magnitude
        if magnitude < 1000 { return "\(bytes) " + (magnitude == 1 ? "byte" : "bytes") }
        var unit = 0
        var scale: UInt64 = 1000
        while unit < units.count - 1, magnitude / scale >= 1000 {
            scale *= 1000
            unit += 1
        }
        let quotient = Double(magnitude) / Double(scale)
        let digits = unit == 0 ? 0 : (unit == 1 ? 1 : 2)
        let number = DecimalText.rounded("\(quotient)", fractionDigits: digits)
        return (bytes < 0 ? "-" : "") + number + " " + units[unit]
    }

    private static let units = ["KB", "MB", "GB", "TB", "PB", "EB"]
}

/// Rounding of a decimal written out in digits, the way number formatting rounds.
enum DecimalText {
    /// `text` (plain digits with an optional fraction, as `Double.description`
    /// writes numbers from 1 to 1e16) rounded half to even to `fractionDigits`
    /// decimals, trailing zeros dropped, the integer part grouped by commas.
    static func rounded(_ text: String, fractionDigits: Int) -> String {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var digits = Array(parts[0].utf8).map { Int($0) - 48 }
        let fraction = parts.count > 1 ? Array(parts[1].utf8).map { Int($0) - 48 } : []
        digits += fraction.prefix(fractionDigits)
        digits += Array(repeating: 0, count: max(0, fractionDigits - fraction.count))
        let rest = Array(fraction.dropFirst(fractionDigits))
        if let first = rest.first {
            let tail = rest.dropFirst().contains { $0 != 0 }
            let roundUp = first > 5 || (first == 5 && (tail || (digits.last ?? 0) % 2 == 1))
            if roundUp { increment(&digits) }
        }
        let integerDigits = digits.count - fractionDigits
        var integer = String(digits[..<integerDigits].map { Character(String($0)) })
        integer = grouped(integer)
        var decimals = Array(digits[integerDigits...])
        while decimals.last == 0 { decimals.removeLast() }
        return decimals.isEmpty ? integer : integer + "." + String(decimals.map { Character(String($0)) })
    }

    /// Adds one in the last place, carrying (so 9.99 becomes 10.00).
    private static func increment(_ digits: inout [Int]) {
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] < 9 {
                digits[index] += 1
                return
            }
            digits[index] = 0
            index -= 1
        }
        digits.insert(1, at: 0)
    }

    private static func grouped(_ integer: String) -> String {
        var out = ""
        for (offset, character) in integer.enumerated() {
            if offset > 0, (integer.count - offset) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }
}
