import APICore
import APIDocuments

/// What the importer reads from an operation's answer schema, through the
/// ``SchemaResolver``: where the items are and what shape they have, the
/// item's fields as column candidates, and where a total count is.
///
/// The shape, most specific first: a bare array of objects; an array of
/// objects in the answer that is its list (its name says so, such as
/// `results` or `data`, or it sits in a small envelope: OpenWeather's
/// `weather[]`, inside a record of a dozen fields, is not the list); an
/// object of arrays with a `time` array (parallel arrays); else the answer
/// is one record.
struct AnswerSchema {
    let resolver: SchemaResolver

    /// Array names that say "the list".
    static let listNames: Set<String> = [
        "results", "items", "data", "docs", "hits", "list", "lists", "entries", "records", "values", "rows", "objects",
        "elements", "articles", "features", "search", "users", "repositories", "issues",
    ]
    /// An object with at most this many properties is an envelope around its array.
    static let maxEnvelope = 6
    /// Objects looked into for the items, breadth first: at most this many levels down.
    static let maxLevels = 4

    /// The shape, and the schema of one item (for the columns), with what its children pass on.
    func items(in answer: DocumentNode) throws -> (shape: ItemsShape, item: DocumentNode, expanding: SchemaResolver.Expanding)? {
        let (schema, expanding) = try resolver.resolve(answer, refusingCycles: true)
        if schema["type"]?.string == "array", let element = schema["items"] {
            let (item, inner) = try resolver.resolve(element, expanding: expanding, depth: 1, refusingCycles: true)
            if item["properties"] != nil { return (ItemsShape(.list, at: nil), item, inner) }
        }
        if let list = try firstProperty(in: schema, expanding: expanding, withinEnvelopes: true, match: { key, property, parent, level -> (DocumentNode, SchemaResolver.Expanding)? in
            guard property["type"]?.string == "array", let element = property["items"] else { return nil }
            let (item, inner) = try resolver.resolve(
                element, expanding: level.expanding, depth: level.depth + 1, refusingCycles: true)
            let envelope = (parent["properties"]?.members?.count ?? 0) <= Self.maxEnvelope
            guard item["properties"] != nil, level.insideEnvelopes, envelope || Self.listNames.contains(key) else { return nil }
            return (item, inner)
        }) {
            return (.list(list.path), list.found.0, list.found.1)
        }
        if let parallel = try firstProperty(in: schema, expanding: expanding, withinEnvelopes: true, match: { _, property, _, level -> (DocumentNode, SchemaResolver.Expanding)? in
            try parallelItem(property, level: level)
        }) {
            return (ItemsShape(.parallel, at: parallel.path), parallel.found.0, parallel.found.1)
        }
        guard schema["properties"] != nil else { return nil }
        return (ItemsShape(.record, at: nil), schema, expanding)
    }

    /// The shape of an operation's answer as the importer takes it: by `path` when the user
    /// names where the list is (`--items`), else read from the schema (``items(in:)``), else,
    /// for an answer without a usable schema, as it comes (``ItemsShape/Kind/any``). The item
    /// schema, when there is one, gives the columns.
    func shape(
        of content: AnswerContent, listAt path: KeyPath??
    ) throws -> (shape: ItemsShape, item: DocumentNode?, expanding: SchemaResolver.Expanding) {
        var schema: DocumentNode?
        if case let .schema(found) = content { schema = found }
        if let path {
            return (ItemsShape(.list, at: path), try schema.flatMap { try item(in: $0, at: path) }, [])
        }
        if let schema, let found = try items(in: schema) { return (found.shape, found.item, found.expanding) }
        return (ItemsShape(.any, at: nil), nil, [])
    }

    /// The schema of the items of the array at `path` in the answer schema; when the schema
    /// has no such array (a document that declares the list bare while the API wraps it),
    /// the item of the list the schema declares, if it declares one.
    private func item(in answer: DocumentNode, at path: KeyPath?) throws -> DocumentNode? {
        var (node, expanding) = try resolver.resolve(answer, refusingCycles: true)
        var depth = 0
        var found = true
        for segment in path?.segments ?? [] {
            if node["type"]?.string == "array", Int(segment) != nil, let element = node["items"] {
                (node, expanding) = try resolver.resolve(element, expanding: expanding, depth: depth + 1)
            } else if let property = try resolver.properties(of: node, expanding: expanding, depth: depth).first(where: { $0.key == segment }) {
                (node, expanding) = (property.schema, property.expanding)
            } else {
                found = false
                break
            }
            depth += 1
        }
        if found, node["type"]?.string == "array", let element = node["items"] {
            let (item, _) = try resolver.resolve(element, expanding: expanding, depth: depth + 1)
            if item["properties"] != nil { return item }
        }
        guard let declared = try items(in: answer), declared.shape.kind == .list else { return nil }
        return declared.item
    }

    /// An object of two or more arrays of scalars, one of them `time`: one item per index, as a schema.
    private func parallelItem(_ property: DocumentNode, level: Level) throws -> (DocumentNode, SchemaResolver.Expanding)? {
        let members = try resolver.properties(of: property, expanding: level.expanding, depth: level.depth + 1)
        var fields: [(key: String, value: DocumentNode)] = []
        for member in members where member.schema["type"]?.string == "array" {
            guard let element = member.schema["items"] else { continue }
            let (scalar, _) = try resolver.resolve(element, expanding: member.expanding, depth: level.depth + 2)
            guard scalar["properties"] == nil, scalar["type"]?.string != "array" else { continue }
            fields.append((member.key, scalar))
        }
        guard fields.count >= 2, fields.contains(where: { $0.key == "time" }) else { return nil }
        let item = DocumentNode(line: property.line, value: .object([
            (key: "type", value: DocumentNode(line: property.line, value: .string("object"))),
            (key: "properties", value: DocumentNode(line: property.line, value: .object(fields))),
        ]))
        return (item, level.expanding)
    }

    /// Where the total count is: an integer property with a telling name, breadth first.
    func totalPath(in answer: DocumentNode, names: [String]) throws -> KeyPath? {
        let (schema, expanding) = try resolver.resolve(answer, refusingCycles: true)
        return try firstProperty(in: schema, expanding: expanding) { key, property, _, _ -> Bool? in
            property["type"]?.string == "integer" && names.contains(key) ? true : nil
        }?.path
    }

    /// How far down a property is: its level of objects and its schema depth, and the references on the way.
    struct Level {
        var count: Int
        var depth: Int
        var expanding: SchemaResolver.Expanding
        /// Whether every object above the property's own parent is a small envelope: an
        /// array in a sub-object of a record of dozens of fields (Stripe's person's
        /// `requirements.errors[]`) is a field of that record, not the answer's list.
        var insideEnvelopes = true
    }

    /// The first property, breadth first and at most ``maxLevels`` objects deep,
    /// that `match` accepts. The levels are counted as the queue goes down, never
    /// read from the path's text; a name that cannot be a key path step is passed over.
    ///
    /// `withinEnvelopes` goes down only through small envelopes: the items of an answer are
    /// never below a sub-object of a large record, and not looking there keeps a record of
    /// a large document (Stripe's) from being walked four levels deep.
    private func firstProperty<Found>(
        in schema: DocumentNode, expanding: SchemaResolver.Expanding, withinEnvelopes: Bool = false,
        match: (String, DocumentNode, DocumentNode, Level) throws -> Found?
    ) throws -> (path: KeyPath, found: Found)? {
        var queue: [(path: [String], schema: DocumentNode, level: Level)] = [([], schema, Level(count: 0, depth: 0, expanding: expanding))]
        var next = 0
        while next < queue.count {
            let (path, node, level) = queue[next]
            next += 1
            for property in try resolver.properties(of: node, expanding: level.expanding, depth: level.depth) {
                guard !property.key.isEmpty, !property.key.containsLiteral("."), let keyPath = KeyPath((path + [property.key]).joined(separator: "."))
                else { continue }
                let inner = Level(count: level.count + 1, depth: level.depth + 1, expanding: property.expanding,
                                  insideEnvelopes: level.insideEnvelopes)
                if let found = try match(property.key, property.schema, node, inner) { return (keyPath, found) }
                if property.schema["properties"] != nil, inner.count < Self.maxLevels {
                    var below = inner
                    below.insideEnvelopes = inner.insideEnvelopes && (node["properties"]?.members?.count ?? 0) <= Self.maxEnvelope
                    if below.insideEnvelopes || !withinEnvelopes {
                        queue.append((path + [property.key], property.schema, below))
                    }
                }
            }
        }
        return nil
    }

    /// The item's scalar properties (objects one level down too), as column candidates,
    /// with their description and format.
    func fields(of item: DocumentNode, expanding: SchemaResolver.Expanding, prefix: String = "", depth: Int = 1) throws -> [ColumnGuess.Field] {
        try resolver.properties(of: item, expanding: expanding, depth: depth).flatMap { key, property, inner -> [ColumnGuess.Field] in
            guard !key.isEmpty, !key.containsLiteral(".") else { return [] }
            let path = prefix + key
            let description = property["description"]?.string ?? ""
            let format = property["format"]?.string ?? ""
            let kind: ProviderFile.ColumnKind
            switch property["type"]?.string {
            case "integer", "number":
                kind = .number
            case "string":
                kind = ColumnGuess.kind(ofText: key, format: format, description: description)
            case "boolean":
                kind = .text
            case "object" where prefix.isEmpty && !key.hasPrefix("_"):
                return try fields(of: property, expanding: inner, prefix: path + ".", depth: depth + 1)
            default:
                return []
            }
            return [ColumnGuess.Field(path: path, kind: kind, description: description, format: format)]
        }
    }
}
