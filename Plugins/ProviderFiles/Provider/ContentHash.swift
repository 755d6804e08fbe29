import APICore

/// An id for a result the API gives none: FNV-1a (64 bit) of its compact JSON,
/// in hex. Not cryptographic, and need not be: it only tells stored results apart.
enum ContentHash {
    static func of(_ value: JSONValue) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in value.serialized(pretty: false).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
