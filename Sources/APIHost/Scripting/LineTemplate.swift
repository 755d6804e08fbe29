#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// `--format line --template '{local_time:%H:%M} {temp:.0}° {description}'`:
/// one line per item, for status bars and prompts.
///
/// A placeholder is `{field}`, optionally with one directive and a default:
/// - `{pub_date:%Y-%m-%d}` a time format (`%Y %m %d %H %M %S %y %b %a %j %z %%`),
///   for ISO 8601 text (shown on its own offset) or Unix seconds (UTC);
/// - `{temp:.1}` a number with that many decimals;
/// - `{headline:40}` at most 40 columns, cut with `…`;
/// - `{wind_gust|-}` the text after `|` when the field is missing or null.
/// `{{` and `}}` print braces. Values are cleaned as table cells are (no
/// escape sequences, controls or bidi overrides; line breaks become spaces).
struct LineTemplate: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case text(String)
        case field(Placeholder)
    }

    struct Placeholder: Sendable, Equatable {
        var name: String
        var directive: Directive?
        var fallback: String?
        /// Where the name starts in the template, from 1, for error messages.
        var column: Int
    }

    enum Directive: Sendable, Equatable {
        case time(TimeFormat)
        case precision(Int)
        case width(Int)
    }

    let pieces: [Piece]

    /// The fields the template names, in order.
    var fieldNames: [String] {
        pieces.compactMap { if case let .field(placeholder) = $0 { placeholder.name } else { nil } }
    }

    private init(pieces: [Piece]) {
        self.pieces = pieces
    }

    /// Parses `text`; a mistake is a usage error naming its column (from 1).
    init(_ text: String) throws {
        var pieces: [Piece] = []
        var literal = ""
        let characters = Array(text)
        var index = 0
        func fail(_ column: Int, _ problem: String) -> UsageError {
            UsageError("bad --template at column \(column): \(problem)")
        }
        while index < characters.count {
            let character = characters[index]
            if character == "}" {
                guard index + 1 < characters.count, characters[index + 1] == "}" else {
                    throw fail(index + 1, "'}' without '{' (write '}}' for a brace)")
                }
                literal.append("}")
                index += 2
                continue
            }
            guard character == "{" else {
                literal.append(character)
                index += 1
                continue
            }
            if index + 1 < characters.count, characters[index + 1] == "{" {
                literal.append("{")
                index += 2
                continue
            }
            guard let close = characters[(index + 1)...].firstIndex(of: "}") else {
                throw fail(index + 1, "'{' is never closed")
            }
            let body = String(characters[(index + 1)..<close])
            if let nested = body.firstIndex(of: "{") {
                throw fail(index + 2 + body.distance(from: body.startIndex, to: nested), "'{' inside a placeholder")
            }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.field(try Self.placeholder(body, column: index + 2, fail: fail)))
            index = close + 1
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// `name[:directive][|default]`, starting at `column`.
    private static func placeholder(
        _ body: String, column: Int, fail: (Int, String) -> UsageError
    ) throws -> Placeholder {
        var spec = Substring(body)
        var fallback: String?
        if let bar = spec.firstIndex(of: "|") {
            fallback = String(spec[spec.index(after: bar)...])
            spec = spec[..<bar]
        }
        var directiveText: Substring?
        if let colon = spec.firstIndex(of: ":") {
            directiveText = spec[spec.index(after: colon)...]
            spec = spec[..<colon]
        }
        let name = spec.trimmed(.whitespaces)
        guard !name.isEmpty else { throw fail(column, "a placeholder needs a field name, as in {headline}") }
        guard let directiveText else { return Placeholder(name: name, directive: nil, fallback: fallback, column: column) }
        let at = column + body.distance(from: body.startIndex, to: directiveText.startIndex)
        return Placeholder(
            name: name, directive: try directive(String(directiveText), column: at, fail: fail), fallback: fallback,
            column: column)
    }

    private static func directive(_ text: String, column: Int, fail: (Int, String) -> UsageError) throws -> Directive {
        if text.contains("%") {
            do {
                return .time(try TimeFormat(text))
            } catch let error as TimeFormat.Problem {
                throw fail(column + error.offset, error.reason)
            }
        }
        if text.hasPrefix("."), let digits = Int(text.dropFirst()), (0...12).contains(digits), text.count > 1 {
            return .precision(digits)
        }
        if let width = Int(text), (1...1000).contains(width), text.allSatisfy(\.isNumber) {
            return .width(width)
        }
        throw fail(column, "unknown directive '\(text)': use a time format (%H:%M), a precision (.1) or a width (40)")
    }

    /// Throws a usage error at the first placeholder naming a field that is not
    /// among `available` and has no default; nothing is checked when `available` is empty.
    func check(against available: [String]) throws {
        guard !available.isEmpty else { return }
        for case let .field(placeholder) in pieces
        where placeholder.fallback == nil && !FieldSelection.isAvailable(placeholder.name, in: available) {
            var message = "bad --template at column \(placeholder.column): unknown field '\(placeholder.name)'"
            if let near = NearestName.suggest(placeholder.name, among: available) { message += "; did you mean '\(near)'?" }
            throw UsageError(message + "; available: " + available.joined(separator: ", "))
        }
    }

    /// Throws a usage error at the first time format (`{pop:%H}`) whose field holds,
    /// in `items`, something that is not a time: ISO 8601 text, or whole Unix seconds
    /// from 1973 on (a temperature or a chance of 0.2 would print as a 1970 clock).
    func checkTimes(in items: [FlatItem]) throws {
        for case let .field(placeholder) in pieces {
            guard case .time? = placeholder.directive else { continue }
            let value = items.lazy.compactMap { $0.value(placeholder.name) }.first { $0 != .null }
            guard let value, !Self.isTime(value) else { continue }
            throw UsageError(
                "bad --template at column \(placeholder.column): a time format on '\(placeholder.name)', "
                    + "which is not a time (\(DisplayWidth.truncate(value.cellText, toWidth: 30)))")
        }
    }

    /// ISO 8601 text, or Unix seconds: a whole number of at least 100,000,000 (March 1973).
    static func isTime(_ value: JSONValue) -> Bool {
        switch value {
        case let .int(seconds): return seconds >= 100_000_000
        case let .double(seconds): return seconds >= 100_000_000 && seconds.rounded() == seconds
        case .string: return TimeFormat.time(of: value) != nil
        default: return false
        }
    }

    /// One line for `item`, without the line break.
    func render(_ item: FlatItem, unicode: Bool) -> String {
        var line = ""
        for piece in pieces {
            switch piece {
            case let .text(text): line += text
            case let .field(placeholder): line += Self.text(placeholder, item: item, unicode: unicode)
            }
        }
        return line
    }

    private static func text(_ placeholder: Placeholder, item: FlatItem, unicode: Bool) -> String {
        let value = item.value(placeholder.name)
        if value == nil || value == .null { return TerminalSanitizer.clean(placeholder.fallback ?? "") }
        guard let value else { return "" }
        let raw: String
        switch placeholder.directive {
        case let .time(format)?:
            raw = format.format(value) ?? value.cellText
        case let .precision(digits)?:
            raw = number(value).map { Self.unsignedZero(FixedDecimal.format($0, digits: digits)) } ?? value.cellText
        case .width?, nil:
            raw = value.cellText
        }
        let clean = TerminalSanitizer.clean(raw)
        if case let .width(width)? = placeholder.directive {
            return DisplayWidth.truncate(clean, toWidth: width, unicode: unicode)
        }
        return clean
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case let .int(number): Double(number)
        case let .double(number): number.finite
        case let .string(text): Double(text)?.finite
        default: nil
        }
    }

    /// The line printed without `--template`: the provider's own, else its first three fields
    /// with something in them, two spaces apart. Those fields are named as placeholders
    /// directly, never written into template text: a server's key may hold `:`, `|` or a
    /// brace, which the text would read as a directive, a default or the placeholder's end.
    static func defaultTemplate(shape: ItemShape, items: [FlatItem]) throws -> LineTemplate {
        if let template = shape.template { return try LineTemplate(template) }
        let names = ItemReader.fieldNames(of: items).filter { name in
            items.contains { ($0.value(name)?.isScalar ?? false) && $0.value(name) != .null }
        }
        var pieces: [Piece] = []
        for name in names.prefix(3) {
            if !pieces.isEmpty { pieces.append(.text("  ")) }
            pieces.append(.field(Placeholder(name: name, directive: nil, fallback: nil, column: 1)))
        }
        return LineTemplate(pieces: pieces)
    }

    /// `-0`, `-0.0`: a value that rounds to zero prints without a sign, which would say nothing true.
    static func unsignedZero(_ text: String) -> String {
        guard text.hasPrefix("-"), text.utf8.dropFirst().allSatisfy({ $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") })
        else { return text }
        return String(text.dropFirst())
    }
}
