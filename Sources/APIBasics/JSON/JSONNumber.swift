/// JSON's number grammar (RFC 8259 §6), read from bytes once for every reader:
/// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
public enum JSONNumber {
    /// From `start` (a `-` or a digit): how far the grammar reads, and whether what it
    /// read is a number. What comes after (`12abc`) is the caller's to judge.
    @inlinable public static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int) -> JSONNumberScan {
        let count = bytes.count
        var at = start
        func digits() -> Int {
            let first = at
            while at < count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") { at += 1 }
            return at - first
        }
        if at < count, bytes[at] == UInt8(ascii: "-") { at += 1 }
        let leading = at
        let whole = digits()
        var valid = whole > 0 && (whole == 1 || bytes[leading] != UInt8(ascii: "0"))
        var integer = true
        if at < count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            integer = false
            if digits() == 0 { valid = false }
        }
        if at < count, bytes[at] | 0x20 == UInt8(ascii: "e") {
            at += 1
            integer = false
            if at < count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            if digits() == 0 { valid = false }
        }
        return JSONNumberScan(end: at, valid: valid, integer: integer)
    }
}

/// What ``JSONNumber/scan(_:from:)`` read.
public struct JSONNumberScan: Sendable, Equatable {
    /// Just past the last byte the grammar took.
    public var end: Int
    /// The bytes read are a JSON number (no missing digit, no leading zero).
    public var valid: Bool
    /// Written with neither a fraction nor an exponent.
    public var integer: Bool

    @inlinable public init(end: Int, valid: Bool, integer: Bool) {
        self.end = end
        self.valid = valid
        self.integer = integer
    }
}
