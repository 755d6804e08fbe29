import Foundation

/// Wrappers that read one JSON value whatever type the API sent that year.
///
/// None of them throws on a type it does not expect: a field in an odd shape
/// becomes nil rather than costing the whole article. They are decoded in the
/// one `JSONDecoder` pass, so tolerance never means re-serialising a document.

/// Text that is sometimes sent as a number (`print_page`, `rank`) or a bool.
struct FlexibleString: Decodable {
    let value: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = nil
        } else if let text = try? container.decode(String.self) {
            value = text
        } else if let number = try? container.decode(Int64.self) {
            value = String(number)
        } else if let number = try? container.decode(Double.self) {
            value = String(number)
        } else if let flag = try? container.decode(Bool.self) {
            value = flag ? "true" : "false"
        } else {
            value = nil
        }
    }
}

/// A whole number sent as a number (`105`) or as digits in a string (`"133"`).
struct FlexibleInt: Decodable {
    let value: Int?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = nil
        } else if let number = try? container.decode(Int.self) {
            value = number
        } else if let text = try? container.decode(String.self) {
            value = Int(text.trimmingCharacters(in: .whitespaces))
        } else if let number = try? container.decode(Double.self), let whole = Int(exactly: number) {
            value = whole
        } else {
            value = nil
        }
    }
}

/// Any decodable value, or nil when it is not in the expected shape (`byline: []`).
struct Tolerant<Wrapped: Decodable>: Decodable {
    let value: Wrapped?

    init(from decoder: any Decoder) throws {
        value = try? Wrapped(from: decoder)
    }
}

extension KeyedDecodingContainer {
    /// The field as text, nil when missing, null or not text-like. Strings take
    /// the decoder's fast path; only a field of another type pays for the fallback.
    func string(_ key: Key) -> String? {
        do {
            return try decodeIfPresent(String.self, forKey: key)
        } catch {
            if let number = try? decodeIfPresent(Int64.self, forKey: key) { return String(number) }
            return (try? decodeIfPresent(FlexibleString.self, forKey: key))?.value
        }
    }

    /// The field as a whole number, nil when missing, null or not a number.
    func int(_ key: Key) -> Int? {
        do {
            return try decodeIfPresent(Int.self, forKey: key)
        } catch {
            if let text = try? decodeIfPresent(String.self, forKey: key) {
                return Int(text.trimmingCharacters(in: .whitespaces))
            }
            return (try? decodeIfPresent(FlexibleInt.self, forKey: key))?.value
        }
    }

    /// The field as `T`, nil when missing, null or in another shape.
    func tolerant<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        guard contains(key) else { return nil }
        return (try? decodeIfPresent(Tolerant<T>.self, forKey: key))?.value
    }
}
