/// What one *item* of a provider's output is, for the host's scripting
/// features: `--fields`, `--format line`, `--new` and `--fail-empty`.
///
/// The host reads items out of the JSON elements a provider yields
/// (``Provider/json(_:)``), never out of its table. By default every element is
/// one item, identified by its `id` field: NYT articles and the records of a
/// scaffolded provider need nothing more. A provider whose elements group the
/// items (the weather: one element per city holding its forecast steps)
/// says where the items are with ``Capabilities/items``.
///
///     ItemShape(nestedIn: "forecasts", identity: ["city.id", "query", "time"],
///               template: "{city.name} {local_time:%a %H:%M} {temp:.0}° {description}")
public struct ItemShape: Sendable, Hashable {
    /// The key of the array whose objects are the items; each item also carries
    /// its element's other fields (a weather step gets `city.name`, `units`).
    /// A field of the item wins over one of the element with the same name.
    /// Nil: each element is an item.
    public var nestedIn: String?
    /// The fields that together say which item this is across runs (`--new`):
    /// an item with none of them is compared whole.
    public var identity: [String]
    /// The line `--format line` prints without `--template`; its fields are also
    /// the columns of a table of items when no `--fields` are given. Nil: the
    /// host uses the first few fields.
    public var template: String?
    /// Each field's meaning, for `--fields help`, in the order to list them.
    public var meanings: [FieldMeaning]
    /// For items that have more fields than the declared ones (a provider file's
    /// whole answer): what `--fields help` says of them after the list. `--fields`
    /// and `--template` then take any field the items have, not only the declared
    /// ones. Nil: only the declared fields exist.
    public var otherFields: String?

    public init(
        nestedIn: String? = nil, identity: [String] = ["id"], template: String? = nil, meanings: [FieldMeaning] = [],
        otherFields: String? = nil
    ) {
        self.nestedIn = nestedIn
        self.identity = identity
        self.template = template
        self.meanings = meanings
        self.otherFields = otherFields
    }

    /// Every element an item, identified by `id`: what a provider gets without declaring a shape.
    public static let elements = ItemShape()
}

/// One output field (`city.name`) and a line saying what it holds.
public struct FieldMeaning: Sendable, Hashable {
    public var name: String
    public var meaning: String

    public init(_ name: String, _ meaning: String) {
        self.name = name
        self.meaning = meaning
    }
}

