import Foundation

/// A large output compared whole: `#expect(ComparedOutput(a) == ComparedOutput(b))`.
///
/// Why not `#expect(a == b)`: when two collections differ, Swift Testing computes their
/// difference for the message, and on two outputs of 100 KB and more that ran for many
/// minutes at full CPU (a CI run hung in `LinearMyers` after one such failure). This compares the bytes at once and, when they differ, says each one's
/// length and how it starts and ends.
public struct ComparedOutput: Equatable, CustomStringConvertible, Sendable {
    public let bytes: Data

    public init(_ bytes: Data) {
        self.bytes = bytes
    }

    public init(_ text: String) {
        bytes = Data(text.utf8)
    }

    public var description: String {
        let head = String(decoding: bytes.prefix(60), as: UTF8.self)
        let tail = String(decoding: bytes.suffix(40), as: UTF8.self)
        return "\(bytes.count) bytes, \(head.debugDescription) … \(tail.debugDescription)"
    }
}
