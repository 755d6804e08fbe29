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
struct SchemaResolver {
    let root: DocumentNode
    /// How the document is named in messages.
    let documentPath: String

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
        while let reference = current["$ref"]?.string {
            if chain.contains(reference) {
                guard refusingCycles else { return (Self.leaf(at: node.line), expanding) }
                let names = (chain + [reference]).map { TerminalSanitizer.clean($0) }.joined(separator: " → ")
                throw OpenAPIImportError(
                    .unusable, "\(documentPath):\(current.line): the schema is references only, in a cycle (\(names)): it describes no items")
            }
            chain.append(reference)
            guard depth + expanding.count < Self.maxDepth, expanding.insert(reference).inserted else {
                return (Self.leaf(at: node.line), expanding)
            }
            current = try target(of: reference, at: current)
        }
        let combined = ["allOf", "oneOf", "anyOf"].flatMap { current[$0]?.array?.prefix(Self.maxCombined) ?? [] }
        guard !combined.isEmpty else { return (current, expanding) }
        guard depth < Self.maxDepth else { return (Self.leaf(at: node.line), expanding) }
        // The node's own members first, then each part's in order; a property or fact already there wins.
        var members = (current.members ?? []).filter { !["allOf", "oneOf", "anyOf", "properties"].contains($0.key) }
        var properties = current["properties"]?.members ?? []
        for part in combined {
            let (schema, _) = try resolve(part, expanding: expanding, depth: depth + 1)
            for member in schema.members ?? [] where member.key != "properties" && !members.contains(where: { $0.key == member.key }) {
                members.append(member)
            }
            for property in schema["properties"]?.members ?? [] where !properties.contains(where: { $0.key == property.key }) {
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
                "\(documentPath):\(node.line): the schema refers to another document ('\(TerminalSanitizer.clean(reference))'); "
                    + "apicli reads no other file or URL: put the schema in this document")
        }
        guard let pointer = PercentCoding.decode(reference.dropFirst()) else {
            throw missing(reference, at: node)
        }
        var target = root
        guard pointer.isEmpty || pointer.startsWithLiteral("/") else { throw missing(reference, at: node) }
        for part in pointer.pieces(between: "/").dropFirst() {
            let name = String(part).replacingAll("~1", with: "/").replacingAll("~0", with: "~")
            if let member = target[name] {
                target = member
            } else if let elements = target.array, let index = Self.arrayIndex(name), elements.indices.contains(index) {
                target = elements[index]
            } else {
                throw missing(reference, at: node)
            }
        }
        return target
    }

    /// An array index as RFC 6901 writes it: `0`, or digits without a leading zero (`Int` would
    /// also take `+1`, `-0` and `01`, which name no element).
    private static func arrayIndex(_ token: String) -> Int? {
        guard let first = token.utf8.first, token.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              first != UInt8(ascii: "0") || token.utf8.count == 1
        else { return nil }
        return Int(token)
    }

    private func missing(_ reference: String, at node: DocumentNode) -> OpenAPIImportError {
        OpenAPIImportError(
            .unusable, "\(documentPath):\(node.line): the reference '\(TerminalSanitizer.clean(reference))' names nothing in the document")
    }

    private static func leaf(at line: Int) -> DocumentNode {
        DocumentNode(line: line, value: .object([]))
    }
}
