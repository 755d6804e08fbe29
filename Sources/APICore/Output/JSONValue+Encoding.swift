#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Any `Encodable` value as a JSON document: the members of each ``JSONValue`` it
    /// holds in their own order (the answer's), and the keys of everything else sorted,
    /// so that output and the store are the same from one run to the next.
    public static func encoding(_ value: some Encodable) throws -> JSONValue {
        let order = JSONKeyOrder()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        if let key = JSONKeyOrder.userInfoKey { encoder.userInfo[key] = order }
        return order.reordering(try parse(try encoder.encode(value)))
    }

    /// A `Decodable` model read from `value` by `JSONDecoder`, each ``JSONValue`` it
    /// holds taking its members in `value`'s order: how a `Codable` answer stored by
    /// ``encoding(_:)`` is read back as it was.
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        let decoder = JSONDecoder()
        if let key = JSONKeyOrder.userInfoKey { decoder.userInfo[key] = JSONKeyOrder(document: value) }
        return try decoder.decode(type, from: Data(value.serialized(pretty: false).utf8))
    }
}
