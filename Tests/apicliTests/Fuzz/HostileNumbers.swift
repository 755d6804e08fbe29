/// What a fuzz case writes where a server's answer had a number: values as
/// large, small, negative, fractional or non-finite as JSON allows, and the
/// type swaps real APIs drift into.
///
/// Each is JSON text put in place of the number's own text; `original` is the
/// number as sent, for swaps that keep it (`"12.5"`).
enum HostileNumbers {
    struct Value: Sendable {
        let name: String
        let text: @Sendable (_ original: String) -> String
    }

    static let values: [Value] = literals.map { literal in Value(name: literal, text: { _ in literal }) } + [
        Value(name: "number as string", text: { "\"" + $0 + "\"" }),
        Value(name: "number to null", text: { _ in "null" }),
        Value(name: "number to object", text: { _ in "{}" }),
        Value(name: "number to array", text: { _ in "[]" }),
    ]

    /// Out-of-range numbers that are still valid JSON, and the lenient fields'
    /// non-finite spellings.
    static let literals = [
        "1e308", "-1e308", "5e-324", "-5e-324",
        "9223372036854775807", "-9223372036854775808", "18446744073709551615",
        "1.5", "-1", "0", "-0.0",
        "1e400", "-1e400", String(repeating: "9", count: 400),
        "\"NaN\"", "\"Infinity\"", "\"-Infinity\"", "\"1e999\"", "\"\"",
    ]
}
