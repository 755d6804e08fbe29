import Synchronization

/// How the members of a ``JSONValue`` inside a `Codable` model keep the answer's order
/// through `JSONEncoder` and `JSONDecoder`, which hand an object's keys over as a
/// dictionary: the order travels beside the text, in the coder's `userInfo`.
///
/// Encoding (``JSONValue/encoding(_:)``), each object records its keys in order under
/// its coding path, and the sorted text the encoder wrote is put back in that order.
/// Decoding (``JSONValue/decode(_:from:)``), each object looks its keys up in the
/// document being decoded. Where neither is there (another coder, a key type that
/// names its path differently), an object's keys come out sorted, as before.
final class JSONKeyOrder: Sendable {
    static let userInfoKey = CodingUserInfoKey(rawValue: "apicli.JSONValue.keyOrder")

    /// While encoding: each object's keys, in order, by the path written as ``step(_:)`` gives it.
    private let recorded = Mutex<[String: [String]]>([:])
    /// While decoding: the document whose order the objects follow.
    private let document: JSONValue?

    init(document: JSONValue? = nil) {
        self.document = document
    }

    /// One step of a path: an array's index, or an object's key.
    static func step(_ key: any CodingKey) -> String {
        key.intValue.map { "#\($0)" } ?? "." + key.stringValue
    }

    /// Records the keys of `members`, an object encoded at `path` by `encoder`.
    static func record(_ members: [JSONValue.Member], at path: [any CodingKey], in userInfo: [CodingUserInfoKey: Any]) {
        guard let key = userInfoKey, let order = userInfo[key] as? JSONKeyOrder else { return }
        let name = path.map(step).joined()
        order.recorded.withLock { $0[name] = members.map(\.key) }
    }

    /// `value` (as the encoder wrote it, sorted) with each recorded object's members back in their order.
    func reordering(_ value: JSONValue) -> JSONValue {
        let recorded = recorded.withLock { $0 }
        guard !recorded.isEmpty else { return value }
        func walk(_ value: JSONValue, _ path: String) -> JSONValue {
            switch value {
            case let .array(items):
                return .array(items.enumerated().map { walk($1, path + "#\($0)") })
            case let .object(members):
                var children = members.map { JSONValue.Member($0.key, walk($0.value, path + "." + $0.key)) }
                if let keys = recorded[path] {
                    let rank = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                    children.sort { (rank[$0.key] ?? Int.max) < (rank[$1.key] ?? Int.max) }
                }
                return .object(children)
            default:
                return value
            }
        }
        return walk(value, "")
    }

    /// The order of `keys`, an object decoded at `path`, as the document being decoded
    /// holds them; nil when there is no document, or it holds other keys there.
    static func order(of keys: [String], at path: [any CodingKey], in userInfo: [CodingUserInfoKey: Any]) -> [String]? {
        guard let key = userInfoKey, var node = (userInfo[key] as? JSONKeyOrder)?.document else { return nil }
        for step in path {
            switch node {
            case let .array(items):
                guard let index = step.intValue, items.indices.contains(index) else { return nil }
                node = items[index]
            case .object:
                guard let next = node[step.stringValue] else { return nil }
                node = next
            default:
                return nil
            }
        }
        let ordered = node.members.map(\.key)
        guard ordered.count == keys.count, Set(ordered) == Set(keys) else { return nil }
        return ordered
    }
}
