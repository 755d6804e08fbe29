/// One short line for a `DecodingError`: what was wrong, and where.
///
/// Foundation's own descriptions run to several lines and repeat the coding
/// path as a dump; a user needs `expected an object at response.docs[3]`.
enum DecodingSummary {
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .typeMismatch(type, context):
            "expected \(name(of: type)) at \(path(context.codingPath))"
        case let .valueNotFound(type, context):
            "missing \(name(of: type)) at \(path(context.codingPath))"
        case let .keyNotFound(key, context):
            "missing \"\(key.stringValue)\" at \(path(context.codingPath))"
        case let .dataCorrupted(context):
            context.codingPath.isEmpty
                ? "not valid JSON" : "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default:
            "unreadable"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        guard !keys.isEmpty else { return "the top level" }
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is Bool.Type: "a boolean"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
