import APIDocuments

/// The nodes that JSON pointers within one document name, found once each.
///
/// A `$ref` is a path from the root (`#/components/schemas/Pet`); each step is a member
/// of an object, which a ``DocumentNode`` finds by scanning its members. A document of
/// a thousand schemas and a hundred thousand references would scan the same object a
/// hundred thousand times. Here every step already taken is remembered, and each object
/// stepped into is indexed once, its width counted against the import's budget; a
/// step after that costs one lookup.
final class ReferenceTargets {
    private let budget: ImportBudget
    /// The node of each step taken, by its number; 0 is the root.
    private var nodes: [DocumentNode]
    /// Each step taken: (the step it starts from, the token) → its number.
    private var steps: [Step: Int] = [:]
    /// The members of each object stepped into, by the step's number: key → position.
    private var members: [Int: [String: Int]] = [:]
    /// Each reference already followed, by its text and how it was read: what it named (nil: nothing).
    private var followed: [Followed: DocumentNode?] = [:]

    /// A reference's text and whose rules read it: the schema resolver's (RFC 6901, percent-decoded)
    /// or the plain lookup of parameters and responses, which may read the same text otherwise.
    private struct Followed: Hashable {
        var reference: String
        var bySchemaRules: Bool
    }

    private struct Step: Hashable {
        var from: Int
        var token: String
    }

    /// The first reference to another document met where the lookup cannot throw (a
    /// parameter, a path item, a response, a security scheme), until it is reported.
    private(set) var external: (reference: String, line: Int)?

    /// Notes a reference to another file or a URL, met at `line`; the first is kept.
    func noteExternal(_ reference: String, line: Int) {
        if external == nil { external = (reference, line) }
    }

    /// The reference noted, now reported: the note is cleared.
    func takeExternal() -> (reference: String, line: Int)? {
        defer { external = nil }
        return external
    }

    /// Bytes of the longest reference followed; real ones are a few dozen.
    static let maxReferenceBytes = 2_048

    init(root: DocumentNode, budget: ImportBudget) {
        nodes = [root]
        self.budget = budget
    }

    /// The node `reference` names, its tokens read by `tokens` the first time it is followed.
    func node(for reference: String, bySchemaRules: Bool, tokens: (String) -> [String]?) -> DocumentNode? {
        // Hashing a reference costs its length at every use: one longer than any real one names nothing.
        guard reference.utf8.count <= Self.maxReferenceBytes else { return nil }
        let key = Followed(reference: reference, bySchemaRules: bySchemaRules)
        if let known = followed[key] { return known }
        let found = tokens(reference).flatMap(node(at:))
        // What the budget cut short is not remembered as naming nothing.
        if found != nil || budget.overrun == nil { followed[key] = .some(found) }
        return found
    }

    /// The node the tokens name from the root (member names, or array indexes as RFC 6901
    /// writes them), or nil when one names nothing or the budget ran over.
    func node(at tokens: [String]) -> DocumentNode? {
        var current = 0
        for token in tokens {
            let step = Step(from: current, token: token)
            if let known = steps[step] {
                current = known
                continue
            }
            guard budget.allows(on: .nodes), let next = child(token, of: current) else { return nil }
            nodes.append(next)
            steps[step] = nodes.count - 1
            current = nodes.count - 1
        }
        return nodes[current]
    }

    private func child(_ token: String, of number: Int) -> DocumentNode? {
        let node = nodes[number]
        if let list = node.members {
            if members[number] == nil {
                guard budget.allows(list.count, on: .nodes) else { return nil }
                var index: [String: Int] = [:]
                index.reserveCapacity(list.count)
                for (position, member) in list.enumerated() where index[member.key] == nil {
                    index[member.key] = position
                }
                members[number] = index
            }
            return members[number]?[token].map { list[$0].value }
        }
        if let elements = node.array, let index = Self.arrayIndex(token), elements.indices.contains(index) {
            return elements[index]
        }
        return nil
    }

    /// An array index as RFC 6901 writes it: `0`, or digits without a leading zero (`Int` would
    /// also take `+1`, `-0` and `01`, which name no element).
    static func arrayIndex(_ token: String) -> Int? {
        guard let first = token.utf8.first, token.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              first != UInt8(ascii: "0") || token.utf8.count == 1
        else { return nil }
        return Int(token)
    }
}
