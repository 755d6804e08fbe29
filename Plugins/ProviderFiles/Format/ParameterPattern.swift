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
/// what a server sends. Swift's `Regex` backtracks, and a repeated group that itself
/// repeats or branches (`^(a+)+$`, `(a|ab)*`) takes exponential time on a value that
/// almost matches: eighteen characters are seconds. Such a pattern is never run: it is
/// refused in a provider file and left out at import, where the API still checks it.
public struct ParameterPattern: Sendable {
    public let source: String

    /// Patterns longer than this are refused: a document's are a line.
    static let maxLength = 500

    /// The pattern, or nil when it is too long or not a regular expression this reads.
    public init?(_ source: String) {
        guard !source.isEmpty, Self.problem(with: source) == nil else { return nil }
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
        guard (try? Regex(source)) != nil else { return "'\(source)' is not a regular expression apicli reads" }
        if nestsRepetition(source) {
            return "'\(source)' repeats a group that repeats or branches inside, which can take exponential time; "
                + "apicli does not run such patterns"
        }
        return nil
    }

    /// Whether a group followed by `*`, `+` or `{n,}` holds a quantifier or a `|`: the
    /// shape of every regular expression whose backtracking is exponential. Escapes and
    /// character classes are skipped, so `[(+]` and `\(` are literals.
    static func nestsRepetition(_ source: String) -> Bool {
        let scalars = Array(source.unicodeScalars)
        // Per open group: whether it holds a quantifier or an alternation.
        var groups = [false]
        // Whether the atom just read is a group that holds one.
        var riskyGroupBefore = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            var closedRiskyGroup = false
            switch scalar {
            case "\\":
                index += 1
            case "[":
                index += 1
                if index < scalars.count, scalars[index] == "^" { index += 1 }
                if index < scalars.count, scalars[index] == "]" { index += 1 }
                while index < scalars.count, scalars[index] != "]" {
                    if scalars[index] == "\\" { index += 1 }
                    index += 1
                }
            case "(":
                groups.append(false)
            case ")":
                let inner = groups.count > 1 ? groups.removeLast() : false
                groups[groups.count - 1] = groups[groups.count - 1] || inner
                closedRiskyGroup = inner
            case "|":
                groups[groups.count - 1] = true
            case "*", "+", "?", "{":
                var repeats = scalar != "?"
                if scalar == "{" {
                    var end = index + 1
                    while end < scalars.count, scalars[end] != "}" { end += 1 }
                    let bounds = String(String.UnicodeScalarView(scalars[(index + 1)..<min(end, scalars.count)]))
                    let parts = bounds.split(separator: ",", omittingEmptySubsequences: false)
                    // `{n,}` and `{n,m}` repeat as `*` does; `{n}` a fixed number of times, polynomial at worst.
                    repeats = parts.count == 2 && (parts[1].isEmpty || (Int(parts[1]) ?? 0) > 1)
                    index = end
                }
                if repeats && riskyGroupBefore { return true }
                groups[groups.count - 1] = true
            default:
                break
            }
            riskyGroupBefore = closedRiskyGroup
            index += 1
        }
        return false
    }
}
