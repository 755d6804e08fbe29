/// Builds a JSON object from named fields, as `gh api -F` does: a dotted name nests
/// objects, a trailing `[]` appends to an array.
///
///     try FieldNesting.object(from: [("a.b", 1), ("tags[]", "x"), ("tags[]", "y")])
///     // {"a":{"b":1},"tags":["x","y"]}
///
/// Members keep the order in which they were first named. A name given twice, or used
/// both as a value and as an object, is refused rather than silently overwritten.
public enum FieldNesting {
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    public static func object(from fields: [(name: String, value: JSONValue)]) throws(Failure) -> JSONValue {
        var members: [JSONValue.Member] = []
        for field in fields {
            var name = Substring(field.name)
            let appends = name.hasSuffix("[]")
            if appends { name = name.dropLast(2) }
            let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !path.isEmpty, path.allSatisfy({ !$0.isEmpty && !$0.contains("[") && !$0.contains("]") }) else {
                throw Failure(description: "'\(field.name)' is not a field name (use a, a.b or a[])")
            }
            try insert(field.value, at: path[...], appending: appends, into: &members, whole: field.name)
        }
        return .object(members)
    }

    private static func insert(
        _ value: JSONValue, at path: ArraySlice<String>, appending: Bool, into members: inout [JSONValue.Member], whole: String
    ) throws(Failure) {
        guard let key = path.first else { return }
        let index = members.firstIndex { $0.key == key }
        if path.count == 1 {
            switch (index.map { members[$0].value }, appending) {
            case (nil, false): members.append(JSONValue.Member(key, value))
            case (nil, true): members.append(JSONValue.Member(key, .array([value])))
            case (.array(var items)?, true):
                items.append(value)
                members[index ?? 0].value = .array(items)
            case (_?, false): throw Failure(description: "field '\(whole)' is given twice")
            case (_?, true): throw Failure(description: "field '\(whole)': '\(key)' is already a value, not an array")
            }
            return
        }
        var inner: [JSONValue.Member] = []
        if let index {
            guard case let .object(existing) = members[index].value else {
                throw Failure(description: "field '\(whole)': '\(key)' is already a value, not an object")
            }
            inner = existing
        }
        try insert(value, at: path.dropFirst(), appending: appending, into: &inner, whole: whole)
        if let index { members[index].value = .object(inner) } else { members.append(JSONValue.Member(key, .object(inner))) }
    }
}
