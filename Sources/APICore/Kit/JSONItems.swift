#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The list of records in a plain JSON answer, and their default table.
///
/// Most simple JSON APIs answer with an array of objects, or an object that
/// holds one (`{"results": [...]}`). A provider names where the list lives
/// (a dotted path such as `data.items`), or lets ``items(in:at:)`` find it.
public enum JSONItems {
    /// The records in `document`.
    ///
    /// With a `path`, the array found there (a missing path is a ``DecodeFailure``:
    /// the API changed or answered with something else). Without one: the
    /// document itself when it is an array, else the first member holding an
    /// array, else the document as a single record.
    public static func items(in document: JSONValue, at path: String?) throws -> [JSONValue] {
        if let path, !path.isEmpty {
            guard let found = document.value(at: path) else {
                throw DecodeFailure("the answer has no '\(path)'")
            }
            return found.elements
        }
        if case let .array(items) = document { return items }
        for member in document.members {
            if case let .array(items) = member.value { return items }
        }
        return [document]
    }

    /// Decodes `body` as a document and returns its records (see ``items(in:at:)``).
    public static func items(from body: Data, at path: String?) throws -> [JSONValue] {
        try items(in: JSONValue.parse(body), at: path)
    }

    /// A table of `items`: one row per record, one column per top-level scalar
    /// field (`columns` when given, else every scalar field seen, in order of
    /// first appearance). Nested arrays and objects stay in `--format json`.
    public static func table(_ items: [JSONValue], columns: [String] = []) -> Table {
        var names = columns
        if names.isEmpty {
            var seen = Set<String>()
            for member in items.flatMap(\.members) where member.value.isScalar && seen.insert(member.key).inserted {
                names.append(member.key)
            }
        }
        if names.isEmpty {
            return Table(columns: [Table.Column("value", role: .flexible)], rows: items.map { [$0.cellText] })
        }
        let rows = items.map { item in names.map { item[$0]?.cellText ?? "" } }
        return Table(columns: names.map { Table.Column($0, role: .flexible) }, rows: rows)
    }
}
