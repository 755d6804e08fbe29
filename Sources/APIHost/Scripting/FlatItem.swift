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
    /// object rebuilt from its fields; nil when the item has neither.
    func value(_ name: String) -> JSONValue? {
        if let field = fields.first(where: { $0.name == name }) { return field.value }
        let prefix = name + "."
        let inner = fields.filter { $0.name.hasPrefix(prefix) }
        guard !inner.isEmpty else { return nil }
        return NestedObject.build(inner.map { (String($0.name.dropFirst(prefix.count)), $0.value) })
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
