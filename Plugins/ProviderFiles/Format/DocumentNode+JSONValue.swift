import APICore
import APIDocuments

/// A document read by `APIDocuments` as the kit's ``JSONValue``, for the places that
/// hand a document's values on (a default, an example, a stored answer). It lives with
/// the engine, the one provider that reads documents: the readers are below it, not
/// below the kit.
extension DocumentNode {
    /// Numbers become integers when they are whole and fit, doubles otherwise, and
    /// null when they fit neither (`1e400`).
    public var jsonValue: JSONValue {
        switch value {
        case .null: .null
        case let .bool(flag): .bool(flag)
        case let .number(text): Int64(text).map(JSONValue.int) ?? Double(text).flatMap { $0.isFinite ? .double($0) : nil } ?? .null
        case let .string(text): .string(text)
        case let .array(items): .array(items.map(\.jsonValue))
        case let .object(members): .object(members.map { JSONValue.Member($0.key, $0.value.jsonValue) })
        }
    }
}
