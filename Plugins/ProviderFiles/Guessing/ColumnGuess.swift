import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Guesses a provider file's id and columns from what the items look like:
/// a sample answer's items, or an OpenAPI response schema's item properties.
/// The guess is a start the user edits, so it is simple and predictable.
public enum ColumnGuess {
    /// One scalar field found in the items: its key path and what it looks like.
    public struct Field: Sendable, Hashable {
        public var path: String
        public var kind: ProviderFile.ColumnKind
        /// What the schema says of it, when the field came from a schema: its `description` and `format`.
        public var description: String
        public var format: String

        public init(path: String, kind: ProviderFile.ColumnKind, description: String = "", format: String = "") {
            self.path = path
            self.kind = kind
            self.description = description
            self.format = format
        }
    }

    /// At most this many columns are guessed; a terminal shows little more.
    public static let maxColumns = 6
    /// Names of an item's own id, most telling first.
    public static let idNames = ["id", "objectID", "_id", "pageid", "uuid", "key", "url", "web_url"]

    /// The scalar fields of the sample items (objects one level down too), in
    /// first-seen order; fields only ever null are left out.
    public static func fields(ofItems items: [JSONValue]) -> [Field] {
        var order: [String] = []
        var kinds: [String: ProviderFile.ColumnKind] = [:]
        for item in items.prefix(20) {
            for (path, value) in flatten(item) where value != .null {
                if kinds[path] == nil { order.append(path) }
                kinds[path] = kinds[path] ?? kind(of: value)
            }
        }
        return order.compactMap { path in kinds[path].map { Field(path: path, kind: $0) } }
    }

    private static func flatten(_ item: JSONValue, prefix: String = "", depth: Int = 0) -> [(String, JSONValue)] {
        item.members.flatMap { member -> [(String, JSONValue)] in
            let path = prefix + member.key
            if member.value.isScalar { return [(path, member.value)] }
            if depth == 0, case .object = member.value, !member.key.hasPrefix("_") {
                return flatten(member.value, prefix: path + ".", depth: 1)
            }
            return []
        }
    }

    private static func kind(of value: JSONValue) -> ProviderFile.ColumnKind {
        switch value {
        case .int, .double: return .number
        case let .string(text):
            if text.hasPrefix("http://") || text.hasPrefix("https://") { return .url }
            if text.count >= 10, CalendarDate(parsing: String(text.prefix(10))) != nil { return .date }
            return .text
        default: return .text
        }
    }

    /// The item id among `fields`: a well-known id name, else none (the content hash).
    public static func id(among fields: [Field], items: [JSONValue] = []) -> String? {
        let paths = Set(fields.map(\.path))
        return idNames.first { name in
            guard paths.contains(name) else { return false }
            // In a sample, an id must tell the items apart.
            let values = items.compactMap { KeyPath(name)?.value(in: $0)?.cellText }
            return Set(values).count == values.count
        }
    }

    /// Up to ``maxColumns`` columns, as a person would choose them (``ColumnChoice``):
    /// a title or name, a label, a few counts, a date and a URL; text columns are
    /// searchable offline. Internal fields (`_tags`) and the id are left out.
    public static func columns(from fields: [Field], id: String?) -> [ProviderFile.Column] {
        var chosen = ColumnChoice.choose(from: fields, id: id, count: maxColumns)
        // Items whose one field is their id (PokeAPI's `{"url": …}` summaries) show it.
        if chosen.isEmpty { chosen = ColumnChoice.choose(from: fields, id: nil, count: maxColumns) }
        var names = Set<String>()
        return chosen.compactMap { field in
            guard let path = KeyPath(field.path) else { return nil }
            var name = field.path.replacingAll(".", with: "_")
            if name.hasSuffix("_main") { name = String(name.dropLast(5)) }
            // A column name is one short word of the file (at most 40 characters).
            if name.count > 36 { name = String((field.path.pieces(between: ".", omittingEmpty: true).last.map(String.init) ?? name).prefix(36)) }
            while !names.insert(name).inserted { name += "_" }
            return ProviderFile.Column(
                name: name, path: path, kind: field.kind,
                searchable: field.kind == .text)
        }
    }

    /// What a text field of a schema holds, by its format, name and description.
    static func kind(ofText key: String, format: String, description: String) -> ProviderFile.ColumnKind {
        let lower = key.lowercased()
        let said = description.lowercased()
        if format == "uri" || format == "url" || lower.hasSuffix("url") || lower == "href" || lower == "link" {
            return .url
        }
        if format.hasPrefix("date") || lower.containsLiteral("date") || lower.hasSuffix("_at")
            || said.hasPrefix("the date") || said.hasPrefix("timestamp") || said.containsLiteral("iso 8601") {
            return .date
        }
        if said.hasPrefix("the url") || said.hasPrefix("url ") || said.hasPrefix("a url") || said.hasPrefix("link to") {
            return .url
        }
        return .text
    }
}
