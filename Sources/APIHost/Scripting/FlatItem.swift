/// One item of output with its fields flattened: nested objects become dotted
/// names (`city.name`), arrays stay one field. What `--fields`, templates and
/// `--new` work on.
struct FlatItem: Sendable {
    /// Field name → value, in the order the JSON had them.
    var fields: [(name: String, value: JSONValue)]

    /// The fields of `value` (an object), under `prefix`.
    init(flattening value: JSONValue, prefix: String = "") {
        fields = []
        Self.flatten(value, prefix: prefix, into: &fields)
    }

    init(fields: [(name: String, value: JSONValue)]) {
        self.fields = fields
    }

    private static func flatten(_ value: JSONValue, prefix: String, into fields: inout [(name: String, value: JSONValue)]) {
        guard case let .object(members) = value, !members.isEmpty else {
            if !prefix.isEmpty { fields.append((prefix, value)) }
            return
        }
        for member in members {
            flatten(member.value, prefix: prefix.isEmpty ? member.key : prefix + "." + member.key, into: &fields)
        }
    }

    /// The value of field `name`; for the name of a nested object (`city`), that
    /// object rebuilt from its fields; for a name that goes on into an array field by
    /// index (`results.books.0.title`, `multimedia.0.url`), the value there; nil when
    /// the item has none of these.
    func value(_ name: String) -> JSONValue? {
        if let field = fields.first(where: { $0.name == name }) { return field.value }
        let prefix = name + "."
        let inner = fields.filter { $0.name.hasPrefix(prefix) }
        guard inner.isEmpty else {
            return NestedObject.build(inner.map { (String($0.name.dropFirst(prefix.count)), $0.value) })
        }
        guard let (field, rest) = Self.arrayStep(name, among: fields.map(\.name)),
              let array = fields.first(where: { $0.name == field })?.value
        else { return nil }
        return Self.value(in: array, at: rest)
    }

    /// The field of `names` that `name` goes on from into an array by index: `results.books`
    /// and `0.title` for `results.books.0.title`; nil when `name` does not.
    static func arrayStep(_ name: String, among names: [String]) -> (field: String, rest: [Substring])? {
        let steps = name.pieces(between: ".")
        for count in stride(from: steps.count - 1, through: 1, by: -1) where Int(steps[count]) != nil {
            let field = steps[..<count].joined(separator: ".")
            if names.contains(field) { return (field, Array(steps[count...])) }
        }
        return nil
    }

    /// The value at `steps` inside `value`: array elements by index, object members by name.
    private static func value(in value: JSONValue, at steps: [Substring]) -> JSONValue? {
        var current = value
        for step in steps {
            switch current {
            case let .array(elements):
                guard let index = Int(step), elements.indices.contains(index) else { return nil }
                current = elements[index]
            case .object:
                guard let next = current[String(step)] else { return nil }
                current = next
            default:
                return nil
            }
        }
        return current
    }

    /// This item's fields with `other`'s added; where both have a field, `other`'s wins.
    func merging(_ other: FlatItem) -> FlatItem {
        let names = Set(other.fields.map(\.name))
        return FlatItem(fields: fields.filter { !names.contains($0.name) } + other.fields)
    }
}

/// Objects rebuilt from dotted field names, keeping the order of first mention:
/// `[("city.name", "Paris"), ("temp", 14), ("city.country", "FR")]` →
/// `{"city": {"name": "Paris", "country": "FR"}, "temp": 14}`.
enum NestedObject {
    static func build(_ fields: [(name: String, value: JSONValue)]) -> JSONValue {
        var members: [JSONValue.Member] = []
        for field in fields {
            insert(field.value, at: field.name.pieces(between: ".").map(String.init),
                   into: &members)
        }
        return .object(members)
    }

    private static func insert(_ value: JSONValue, at path: [String], into members: inout [JSONValue.Member]) {
        guard let head = path.first else { return }
        let rest = Array(path.dropFirst())
        if rest.isEmpty {
            if let index = members.firstIndex(where: { $0.key == head }) {
                members[index].value = value
            } else {
                members.append(JSONValue.Member(head, value))
            }
            return
        }
        var inner: [JSONValue.Member] = []
        if let index = members.firstIndex(where: { $0.key == head }) {
            inner = members[index].value.members
            insert(value, at: rest, into: &inner)
            members[index].value = .object(inner)
        } else {
            insert(value, at: rest, into: &inner)
            members.append(JSONValue.Member(head, .object(inner)))
        }
    }
}
