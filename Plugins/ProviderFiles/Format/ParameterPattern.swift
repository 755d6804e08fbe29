import APICore

/// A parameter's `pattern`: the regular expression an OpenAPI document declares for a
/// value (NYT Books' `{date}`: `^(\d{4}-\d{2}-\d{2}|current)$`), which every value of the
/// option or argument must match.
///
/// As in JSON Schema the expression is searched for, not matched whole: a pattern that
/// means the whole value says so with `^…$`. It is read in the ECMAScript dialect the
/// documents write, as far as Swift's regular expressions share it: `\d` and `\w` are
/// ASCII, and the value is read by Unicode scalars, as ECMAScript reads characters. A
/// pattern Swift cannot read is refused in a provider file and left out at import.
///
/// A pattern only ever runs on what the user typed (or a file's `default`), never on
/// what a server sends.
public struct ParameterPattern: Sendable {
    public let source: String

    /// Patterns longer than this are refused: a document's are a line.
    static let maxLength = 500

    /// The pattern, or nil when it is too long or not a regular expression this reads.
    public init?(_ source: String) {
        guard !source.isEmpty, source.count <= Self.maxLength, (try? Regex(source)) != nil else { return nil }
        self.source = source
    }

    /// Whether `value` holds a match.
    public func matches(_ value: String) -> Bool {
        guard let regex = try? Regex(source) else { return false }
        let ecmaScript = regex.asciiOnlyDigits().asciiOnlyWordCharacters().matchingSemantics(.unicodeScalar)
        return (try? ecmaScript.firstMatch(in: value)) != nil
    }

    /// Why a pattern cannot be used, for the file's one-line problem; nil when it can.
    static func problem(with source: String) -> String? {
        if source.count > maxLength { return "must be at most \(maxLength) characters" }
        do {
            _ = try Regex(source)
            return nil
        } catch {
            return "'\(source)' is not a regular expression apicli reads"
        }
    }
}
