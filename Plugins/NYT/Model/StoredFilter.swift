import APICore

/// `--fq` as the store can apply it, for `--offline` and network failures:
/// clauses `field:("value" "value")` (or `field:value`, `field:"value"`) joined
/// by spaces or `AND`, on the fields every stored article keeps. An article
/// matches when, for every clause, its field equals one of the values
/// (ignoring case), as NYT's filter does for these fields.
///
/// Anything else (`OR`, `NOT`, ranges, wildcards, another field) cannot be
/// applied to stored articles, and is refused in one line rather than ignored:
/// a Movies article is never shown for `section_name:("World")`.
struct StoredFilter: Sendable, Equatable {
    struct Clause: Sendable, Equatable {
        var field: String
        var values: [String]
    }

    var clauses: [Clause]

    /// The fields a stored article keeps, by their `--fq` name.
    static let fields: [String: @Sendable (Article) -> String?] = [
        "section_name": { $0.sectionName }, "subsection_name": { $0.subsectionName },
        "news_desk": { $0.newsDesk }, "type_of_material": { $0.typeOfMaterial },
        "document_type": { $0.documentType }, "source": { $0.source },
    ]

    /// Reads `text`; a ``UsageError`` when the store cannot apply it.
    init(_ text: String) throws {
        var scanner = Substring(text)
        var clauses: [Clause] = []
        func refuse(_ why: String) -> UsageError {
            UsageError(
                "--fq '\(text)' cannot be applied to stored articles (\(why)); offline, use field:(\"value\" …) on "
                    + Self.fields.keys.sorted().joined(separator: ", ") + ", joined by AND, or run it without --offline")
        }
        while true {
            scanner = scanner.drop { $0 == " " }
            if scanner.isEmpty { break }
            if !clauses.isEmpty, scanner.hasPrefix("AND ") {
                scanner = scanner.dropFirst(4)
                continue
            }
            guard let colon = scanner.firstIndex(of: ":") else { throw refuse("'\(scanner)' is not field:value") }
            let field = String(scanner[..<colon]).trimmed(.whitespaces)
            guard Self.fields[field] != nil else { throw refuse("'\(field)' is not kept with stored articles") }
            scanner = scanner[scanner.index(after: colon)...]
            var values: [String] = []
            if scanner.first == "(" {
                scanner = scanner.dropFirst()
                while true {
                    scanner = scanner.drop { $0 == " " }
                    if scanner.first == ")" { scanner = scanner.dropFirst(); break }
                    guard let value = Self.value(&scanner) else { throw refuse("an unclosed '(' or quote") }
                    values.append(value)
                }
            } else {
                guard let value = Self.value(&scanner) else { throw refuse("no value after '\(field):'") }
                values.append(value)
            }
            guard !values.isEmpty else { throw refuse("'\(field):()' has no value") }
            for value in values where value == "OR" || value == "NOT" || value.containsLiteral("*") || value.containsLiteral("[") {
                throw refuse("'\(value)' is more than a value")
            }
            clauses.append(Clause(field: field, values: values))
        }
        guard !clauses.isEmpty else { throw refuse("no clause") }
        self.clauses = clauses
    }

    /// A quoted value, or a bare word up to a space or `)`; nil at the end or on an unclosed quote.
    private static func value(_ scanner: inout Substring) -> String? {
        guard let first = scanner.first else { return nil }
        if first == "\"" {
            let rest = scanner.dropFirst()
            guard let close = rest.firstIndex(of: "\"") else { return nil }
            scanner = rest[rest.index(after: close)...]
            return String(rest[..<close])
        }
        let end = scanner.firstIndex { $0 == " " || $0 == ")" } ?? scanner.endIndex
        guard end > scanner.startIndex else { return nil }
        let word = String(scanner[..<end])
        scanner = scanner[end...]
        return word
    }

    func matches(_ article: Article) -> Bool {
        clauses.allSatisfy { clause in
            guard let read = Self.fields[clause.field], let value = read(article)?.lowercased() else { return false }
            return clause.values.contains { $0.lowercased() == value }
        }
    }
}
