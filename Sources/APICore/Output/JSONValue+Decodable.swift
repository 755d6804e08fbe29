#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A ``JSONValue`` inside a `Codable` model, read by whatever `Decoder` reads the model.
///
/// Integers stay integers and other numbers doubles, so `--format json` and the
/// store give back `3`, not `3.0`. A `Decoder` hands an object's keys over as a set
/// (`JSONDecoder`'s keyed containers are dictionaries): read by ``decode(_:from:)``, they
/// follow the document's order (``JSONKeyOrder``); by any other decoder, they come out
/// sorted by name, the one order that is the same from run to run. A document read
/// whole goes through ``parse(_:)``, which keeps the answer's own order.
extension JSONValue: Decodable {
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd {
                items.append(try array.decode(JSONValue.self))
            }
            self = .array(items)
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            let keys = object.allKeys.map(\.stringValue)
            let ordered = JSONKeyOrder.order(of: keys, at: decoder.codingPath, in: decoder.userInfo) ?? keys.sorted()
            self = .object(
                try ordered.map { key in Member(key, try object.decode(JSONValue.self, forKey: AnyKey(stringValue: key))) })
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let flag = try? value.decode(Bool.self) {
                self = .bool(flag)
            } else if let integer = try? value.decode(Int64.self) {
                self = .int(integer)
            } else if let number = try? value.decode(Double.self) {
                self = .double(number)
            } else {
                self = .string(try value.decode(String.self))
            }
        }
    }
}

/// A coding key for whatever names an object holds.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
