#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One `-f NAME=VALUE` (a string, as written) or `-F NAME=VALUE` (typed) of `apicli api`.
///
/// `-F` reads `true`, `false` and `null` as JSON's, a number as a number, and `@FILE` as
/// the file's text (`@-`: standard input); anything else stays a string, as `gh api` does.
struct RequestField: Equatable {
    var name: String
    var value: JSONValue
    /// The value as text, for a query parameter: what was written, or the file's text.
    var text: String

    /// - Parameter readFile: the text of a file named after `@` (`-` for stdin).
    init(_ pair: String, typed: Bool, readFile: (String) throws -> String) throws {
        let flag = typed ? "-F" : "-f"
        guard let (name, value) = pair.cut(atFirst: "="), !name.isEmpty else {
            throw UsageError("\(flag) takes NAME=VALUE, not '\(pair)'")
        }
        self.name = String(name)
        let raw = String(value)
        guard typed else {
            (self.value, text) = (.string(raw), raw)
            return
        }
        if raw.hasPrefix("@"), raw.count > 1 {
            let content = try readFile(String(raw.dropFirst()))
            (self.value, text) = (.string(content), content)
            return
        }
        text = raw
        self.value = Self.typedValue(raw)
    }

    /// JSON's literal for `true`, `false`, `null` and numbers; a string otherwise.
    static func typedValue(_ raw: String) -> JSONValue {
        switch raw {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            if let integer = Int64(raw) { return .int(integer) }
            // JSON's number grammar only: no `inf`, `nan`, hex or leading `+`.
            if raw.first.map({ $0 == "-" || $0.isASCII && $0.isNumber }) == true,
               raw.allSatisfy({ $0.isASCII && ($0.isNumber || "-+.eE".contains($0)) }), let number = Double(raw), number.isFinite {
                return .double(number)
            }
            return .string(raw)
        }
    }
}
