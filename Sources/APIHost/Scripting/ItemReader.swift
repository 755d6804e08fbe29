/// Reads the items out of a provider's JSON elements, by its ``ItemShape``.
///
/// The rule, for every provider: each element is an item, unless the provider
/// declares a shape (``Capabilities/items``) that names an array (`nestedIn`); then each
/// object of that array is an item, carrying its element's other fields.
struct ItemReader: Sendable {
    let shape: ItemShape

    init(shape: ItemShape) {
        self.shape = shape
    }

    /// The items of one element, flattened.
    func items(in element: JSONValue) -> [FlatItem] {
        guard let key = shape.nestedIn else { return [FlatItem(flattening: element)] }
        guard case let .object(members) = element, case let .array(children)? = element[key] else { return [] }
        let parent = FlatItem(flattening: .object(members.filter { $0.key != key }))
        return children.map { parent.merging(FlatItem(flattening: $0)) }
    }

    /// The items of every element, made as they are read.
    func items(in elements: any Sequence<JSONValue>) -> some Sequence<FlatItem> {
        AnySequence(elements).lazy.flatMap { items(in: $0) }
    }

    /// What says which item this is across runs: its identity fields, or, when
    /// it has none of them, the whole item.
    func key(of item: FlatItem) -> String {
        let named = shape.identity.compactMap { name in item.value(name).map { (name, $0) } }
        guard !named.isEmpty else { return NestedObject.build(item.fields).serialized(pretty: false) }
        return named.map { $0.0 + "=" + $0.1.serialized(pretty: false) }.joined(separator: "\u{1F}")
    }

    /// `element` with only the items whose key is not in `seen`; nil when none is left.
    /// Nested items are filtered inside their element, so the JSON keeps its shape.
    func keepingNew(_ element: JSONValue, seen: Set<String>) -> JSONValue? {
        guard let key = shape.nestedIn else {
            // Not `? nil : element`: JSONValue is ExpressibleByNilLiteral, so that nil would be `.null`.
            if seen.contains(self.key(of: FlatItem(flattening: element))) { return Optional.none }
            return element
        }
        guard case let .object(members) = element, case let .array(children)? = element[key] else { return nil }
        let parent = FlatItem(flattening: .object(members.filter { $0.key != key }))
        let fresh = children.filter { !seen.contains(self.key(of: parent.merging(FlatItem(flattening: $0)))) }
        guard !fresh.isEmpty else { return nil }
        return .object(members.map { $0.key == key ? JSONValue.Member(key, .array(fresh)) : $0 })
    }

    /// Field names in order of first appearance across `items`.
    static func fieldNames(of items: [FlatItem]) -> [String] {
        var seen = Set<String>()
        var names: [String] = []
        for item in items {
            for field in item.fields where seen.insert(field.name).inserted { names.append(field.name) }
        }
        return names
    }
}
