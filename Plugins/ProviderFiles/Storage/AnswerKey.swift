import APICore

/// What a file provider's stored answer is kept under: the request in one canonical
/// form, holding everything that changes what the API answers and nothing else
/// (docs/design/0140-an-answer-belongs-to-its-request.md).
///
/// A compact JSON array, so that no value can pass for another:
/// `[2,"lists-list",["2024-01-31","hardcover-fiction"],[["offset","20"]],0,1,"words"]` —
/// the form's version, the operation (empty for a file's only one), the path arguments
/// in order and in wire form, the query parameters in wire form sorted by name then
/// value, the first page and how many pages, and the words. Never the key: the client
/// adds credentials to the request, not the provider to its query.
///
/// The words come last, so every request that differs from this one only in its words
/// has a key that starts with ``family``: what an offline search may widen over.
struct AnswerKey: Sendable, Hashable {
    /// The whole key.
    let text: String
    /// The key up to the words, ending in `,`.
    let family: String
    /// How the same request was keyed before this form, when that key named the request whole.
    let legacy: LegacyKey?

    /// The version of the form, first in every key; an older key is never a JSON array.
    static let version: Int64 = 2

    init(_ query: FileQuery) {
        let parameters = query.parameters.sorted { ($0.name, $0.value) < ($1.name, $1.value) }
        let head = JSONValue.array([
            .int(Self.version),
            .string(query.operation),
            .array(query.arguments.map(JSONValue.string)),
            .array(parameters.map { .array([.string($0.name), .string($0.value)]) }),
            .int(Int64(query.firstPage)),
            .int(Int64(query.pages)),
        ] + Self.bodyMember(query)).serialized(pretty: false)
        family = String(head.dropLast()) + ","
        text = family + JSONValue.string(query.words).serialized(pretty: false) + "]"
        legacy = LegacyKey(query)
    }

    /// A request with a body (a search sent as POST) holds it before the words, as
    /// `[[name, value]…]` in the file's order; a request without one has the form as before.
    static func bodyMember(_ query: FileQuery) -> [JSONValue] {
        query.body.isEmpty ? [] : [.array(query.body.map { .array([.string($0.name), $0.value]) })]
    }

    /// The first text past every key of ``family``: keys of the family are the texts from
    /// ``family`` (inclusive) to this (exclusive), in SQLite's byte order, as `-` follows `,`.
    var familyEnd: String { String(family.dropLast()) + "-" }
}

/// The key an answer was stored under before ``AnswerKey``: the words, the options as
/// `name=value` in the file's order, `page=` and `pages=`, joined by U+001F, after
/// `operation=` and each `argument=` for a file of several operations. A file of one
/// operation left its path arguments out, so such a key cannot tell `/arts.json` from
/// `/home.json`: for an operation with path arguments there is no legacy key to read.
struct LegacyKey: Sendable, Hashable {
    /// The whole key.
    let text: String
    /// What comes before the words (empty for a file's only operation), and after them.
    let beforeWords: String
    let afterWords: String

    static let separator = "\u{1F}"

    init?(_ query: FileQuery) {
        guard !query.operation.isEmpty || query.arguments.isEmpty, query.body.isEmpty else { return nil }
        let before = query.operation.isEmpty ? [] : ["operation=" + query.operation] + query.arguments.map { "argument=" + $0 }
        let after = query.parameters.map { "\($0.name)=\($0.value)" } + ["page=\(query.firstPage)", "pages=\(query.pages)"]
        beforeWords = before.map { $0 + Self.separator }.joined()
        afterWords = after.map { Self.separator + $0 }.joined()
        text = beforeWords + query.words + afterWords
    }
}
