import Foundation

/// Wrapper types that read a value whatever JSON type the API chose for it.
///
/// OpenWeather sends `cod` as `"200"` or `200`, `message` as a float or a
/// string, and the odd number as a string. These keep one `JSONDecoder` pass
/// (no `JSONSerialization` detour) while accepting every shape seen.

/// A number sent as an integer, a float, or a numeric string.
struct FlexibleNumber: Decodable {
    let value: NumberValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let integer = try? container.decode(Int64.self) {
            value = .int(integer)
        } else if let double = try? container.decode(Double.self) {
            value = .double(double)
        } else {
            let text = try container.decode(String.self).trimmingCharacters(in: .whitespaces)
            if let integer = Int64(text) {
                value = .int(integer)
            } else if let double = Double(text), double.isFinite {
                value = .double(double)
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a number")
            }
        }
    }
}

/// A whole number sent as an integer, an integral float, or a numeric string.
struct FlexibleInteger: Decodable {
    let value: Int64

    init(from decoder: any Decoder) throws {
        switch try FlexibleNumber(from: decoder).value {
        case let .int(integer):
            value = integer
        case let .double(double):
            guard let integer = Int64(exactly: double) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a whole number"))
            }
            value = integer
        }
    }
}

/// Text sent as a string, or a number to be read as text (`cod: 200`).
struct FlexibleText: Decodable {
    let value: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            value = text
        } else {
            value = try FlexibleNumber(from: decoder).value.text
        }
    }
}

extension KeyedDecodingContainer {
    /// The number at `key`; nil when missing, null or not a number.
    func number(_ key: Key) -> NumberValue? {
        ((try? decodeIfPresent(FlexibleNumber.self, forKey: key)) ?? nil)?.value
    }

    /// The whole number at `key`; nil when missing, null or not one.
    func integer(_ key: Key) -> Int64? {
        ((try? decodeIfPresent(FlexibleInteger.self, forKey: key)) ?? nil)?.value
    }

    /// The text at `key` (a number reads as its digits); nil when missing or null.
    func text(_ key: Key) -> String? {
        ((try? decodeIfPresent(FlexibleText.self, forKey: key)) ?? nil)?.value
    }

    /// The object at `key`; nil when missing, null, `[]` or not an object.
    func object<NestedKey: CodingKey>(_ key: Key, keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<NestedKey>? {
        try? nestedContainer(keyedBy: type, forKey: key)
    }
}
