#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Any JSON document read into a ``JSONValue``, so a provider of a plain JSON
/// API can keep what the server sent without declaring every field first.
///
/// Integers stay integers and other numbers doubles, so `--format json` and the
/// store give back `3`, not `3.0`. Object keys come out sorted by name:
/// `JSONDecoder` does not keep the server's order, and sorted is at least stable
/// from one run to the next.
extension JSONValue: Decodable {
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd {
                items.append(try array.decode(JSONValue.self))
            }
            self = .array(items)
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            self = .object(
                try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                    Member(key.stringValue, try object.decode(JSONValue.self, forKey: key))
                })
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

    /// Reads a whole document; a body that is not JSON is a ``DecodeFailure``
    /// whose reason names no value from the body.
    public static func parse(_ data: Data) throws -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw DecodeFailure("the body is not valid JSON")
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
