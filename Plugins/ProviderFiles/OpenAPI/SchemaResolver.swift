import APICore
import APIDocuments

/// Reads a schema of an OpenAPI document as one object: its `$ref` followed
/// (chained, within the document only), `allOf` merged, and `oneOf`/`anyOf`
/// read as the union of their properties.
///
/// Recursion is bounded twice, never by the text of a path (a property named
/// `""` or `"."` once made the import loop forever): by the depth of the schema
/// (``maxDepth`` levels of nesting and combining), and by the references being
/// expanded on the way down — a reference already being expanded is a leaf, so
/// a schema that holds itself (a tree of comments, a `$ref` cycle) ends.
///
/// A reference to another file or a URL is never read or fetched: it is an error
/// naming it.
///
/// Every reference followed and every object looked into is counted against the
/// import's ``ImportBudget`` first, so a document whose shared references make the
/// expansion grow without end (an `allOf` tree over the same few schemas) stops at
/// the budget with one line, whatever its depth or width.
struct SchemaResolver {
    let root: DocumentNode
    /// How the document is named in messages.
    let documentPath: String
    let budget: ImportBudget
    let targets: ReferenceTargets

    /// A resolver of its own, with a budget of its own.
    init(root: DocumentNode, documentPath: String) {
        let budget = ImportBudget(documentPath: documentPath)
        self.init(root: root, documentPath: documentPath, budget: budget, targets: ReferenceTargets(root: root, budget: budget))
    }

    /// The resolver of one import, spending that import's budget.
    init(_ document: OpenAPIDocument) {
        self.init(root: document.root, documentPath: document.path, budget: document.budget, targets: document.targets)
    }

    private init(root: DocumentNode, documentPath: String, budget: ImportBudget, targets: ReferenceTargets) {
        self.root = root
        self.documentPath = documentPath
        self.budget = budget
        self.targets = targets
    }

    /// Levels of nesting and combining followed; deeper schemas are leaves.
    static let maxDepth = 24
    /// Members of one `allOf`/`oneOf`/`anyOf` read; more are left out.
    static let maxCombined = 64

    /// The references being expanded on the way down to a schema: each is a leaf below itself.
    typealias Expanding = Set<String>

    /// The schema `node` stands for, as one object with `type`, `format`,
    /// `description`, `properties`, `items` and `enum` where it has them, and
    /// the references expanded to reach it (to pass on to its children).
    /// A leaf (a cycle, or too deep) is an empty object. Where the schema must describe
    /// something (the answer, an array's items) `refusingCycles` makes a chain of references
    /// that comes back to itself with nothing between an error that names it.
    func resolve(
        _ node: DocumentNode, expanding: Expanding = [], depth: Int = 0, refusingCycles: Bool = false
    ) throws -> (schema: DocumentNode, expanding: Expanding) {
        var expanding = expanding
        var current = node
        // Follow the chain of references; a reference already on the way is a leaf, but a
        // chain that comes back to itself with nothing between (A → B → A) describes nothing.
        var chain: [String] = []
        try budget.spend(Self.width(of: current), on: .nodes)
        while let reference = current["$ref"]?.string {
            if chain.contains(reference) {
                guard refusingCycles else { return (Self.leaf(at: node.line), expanding) }
                let names = (chain + [reference]).map(Self.shown).joined(separator: " → ")
                throw OpenAPIImportError(
                    .unusable, "\(documentPath):\(current.line): the schema is references only, in a cycle (\(names)): it describes no items")
            }
            chain.append(reference)
            guard depth + expanding.count < Self.maxDepth, expanding.insert(reference).inserted else {
                return (Self.leaf(at: node.line), expanding)
            }
            try budget.spend(on: .references)
            current = try target(of: reference, at: current)
            try budget.spend(Self.width(of: current), on: .nodes)
        }
        let combined = ["allOf", "oneOf", "anyOf"].flatMap { current[$0]?.array?.prefix(Self.maxCombined) ?? [] }
        guard !combined.isEmpty else { return (current, expanding) }
        guard depth < Self.maxDepth else { return (Self.leaf(at: node.line), expanding) }
        // The node's own members first, then each part's in order; a property or fact already there wins.
        // Keys already taken are a set, so that merging wide parts costs their width, not its square.
        var members = (current.members ?? []).filter { !["allOf", "oneOf", "anyOf", "properties"].contains($0.key) }
        var properties = current["properties"]?.members ?? []
        var memberKeys = Set(members.map(\.key))
        var propertyKeys = Set(properties.map(\.key))
        for part in combined {
            let (schema, _) = try resolve(part, expanding: expanding, depth: depth + 1)
            let parts = schema["properties"]?.members ?? []
            try budget.spend(parts.count, on: .nodes)
            for member in schema.members ?? [] where member.key != "properties" && memberKeys.insert(member.key).inserted {
                members.append(member)
            }
            for property in parts where propertyKeys.insert(property.key).inserted {
                properties.append(property)
            }
        }
        if !properties.isEmpty {
            members.append((key: "properties", value: DocumentNode(line: current.line, value: .object(properties))))
            if !members.contains(where: { $0.key == "type" }) {
                members.append((key: "type", value: DocumentNode(line: current.line, value: .string("object"))))
            }
        }
        return (DocumentNode(line: current.line, value: .object(members)), expanding)
    }

    /// The properties of `schema` (already resolved), each resolved, with what its children must pass on.
    func properties(of schema: DocumentNode, expanding: Expanding, depth: Int) throws -> [(key: String, schema: DocumentNode, expanding: Expanding)] {
        guard depth < Self.maxDepth else { return [] }
        return try (schema["properties"]?.members ?? []).map { key, child in
            let (resolved, inner) = try resolve(child, expanding: expanding, depth: depth + 1)
            return (key, resolved, inner)
        }
    }

    /// The node a reference within the document names: `#/components/schemas/Pet`,
    /// `#/definitions/a~1b` (`~1` is `/`, `~0` is `~`), percent-encoded or not.
    func target(of reference: String, at node: DocumentNode) throws -> DocumentNode {
        guard reference.startsWithLiteral("#") else {
            throw OpenAPIImportError(
                .unusable,
                "\(documentPath):\(node.line): the schema refers to another document ('\(Self.shown(reference))'); "
                    + "apicli reads no other file or URL: put the schema in this document")
        }
        let found = targets.node(for: reference, bySchemaRules: true) { reference in
            guard let pointer = PercentCoding.decode(reference.dropFirst()), pointer.isEmpty || pointer.startsWithLiteral("/")
            else { return nil }
            return pointer.pieces(between: "/").dropFirst().map {
                String($0).replacingAll("~1", with: "/").replacingAll("~0", with: "~")
            }
        }
        guard let found else {
            try budget.check()
            throw missing(reference, at: node)
        }
        return found
    }

    /// A reference as a message quotes it: cleaned, and cut before cleaning, so that quoting costs nothing however long it is.
    static func shown(_ reference: String) -> String {
        TerminalSanitizer.quote(String(reference.prefix(characters: 200, bytes: 800))) ?? ""
    }

    /// What looking into `node` costs: its members (a lookup scans them), at least one.
    static func width(of node: DocumentNode) -> Int {
        max(1, node.members?.count ?? 1)
    }

    private func missing(_ reference: String, at node: DocumentNode) -> OpenAPIImportError {
        OpenAPIImportError(
            .unusable, "\(documentPath):\(node.line): the reference '\(Self.shown(reference))' names nothing in the document")
    }

    private static func leaf(at line: Int) -> DocumentNode {
        DocumentNode(line: line, value: .object([]))
    }
}
