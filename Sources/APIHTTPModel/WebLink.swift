/// One link of an RFC 8288 `Link` header field: where it points and what it is.
///
/// ```
/// Link: <https://api.github.com/repositories/1/issues?page=2>; rel="next", <…?page=5>; rel="last"
/// ```
/// is two links, the first with the relation `next`.
public struct WebLink: Sendable, Hashable {
    /// The URI reference between `<` and `>`, as written (it may be relative).
    public var target: String
    /// The relation types of `rel`, lowercased: `rel="next last"` is two (RFC 8288 §3.3).
    public var relations: [String]
    /// The other parameters, names lowercased and values unquoted; the first of a name given twice.
    public var parameters: [String: String]

    public init(target: String, relations: [String], parameters: [String: String] = [:]) {
        self.target = target
        self.relations = relations
        self.parameters = parameters
    }
}

extension Array where Element == WebLink {
    /// The first link with relation `relation` (compared without case).
    public func first(relation: String) -> WebLink? {
        let wanted = relation.lowercased()
        return first { $0.relations.contains(wanted) }
    }
}
