#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Any `Encodable` value as a JSON document, keys sorted so that output and
    /// the store are the same from one run to the next.
    public static func encoding(_ value: some Encodable) throws -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try parse(try encoder.encode(value))
    }
}
