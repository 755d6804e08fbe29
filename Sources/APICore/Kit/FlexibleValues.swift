#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

// Values read whatever JSON type the API chose for them that year.
//
// APIs drift: OpenWeather sends `cod` as `"200"` or `200`, NYT `word_count` as
// `105` or `"133"`. These wrappers accept every such shape inside the one
// `JSONDecoder` pass (no `JSONSerialization` detour). Use them directly for a
// required field or an array (`[FlexibleText]`); for optional fields the
// ``KeyedDecodingContainer`` accessors (`number`, `integer`, `text`) are shorter.

/// A number sent as an integer, a float, or a numeric string (`" 12.5 "`).
public struct FlexibleNumber: Decodable, Sendable {
    public let value: NumberValue

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let integer = try? container.decode(Int64.self) {
            value = .int(integer)
        } else if let double = try? container.decode(Double.self) {
            value = .double(double)
        } else {
            let text = try container.decode(String.self).trimmed(.whitespaces)
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

/// A whole number sent as an integer, an integral float (`3.0`), or a numeric string.
public struct FlexibleInteger: Decodable, Sendable {
    public let value: Int64

    public init(from decoder: any Decoder) throws {
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

/// Text sent as a string, or a number to be read as its digits (`cod: 200` → `"200"`).
/// Booleans, arrays and objects are not text.
public struct FlexibleText: Decodable, Sendable {
    public let value: String

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            value = text
        } else {
            value = try FlexibleNumber(from: decoder).value.text
        }
    }
}
