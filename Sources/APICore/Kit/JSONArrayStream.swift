#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import APIBasics

/// ``JSONArraySlices`` for a document that arrives in chunks: hands out each element of
/// the array at `path` as soon as its last byte is in, and keeps the rest of the
/// document (the envelope, the array emptied), so that an answer of 20,000 docs is
/// read with one doc's bytes held at a time.
///
/// It splits exactly where ``JSONArraySlices`` would, by the same rules: strings as the
/// one string scan (`JSONString`) ends them, carried from chunk to chunk, nesting, the
/// commas between elements, scalars up to a space or a bracket. The envelope is checked
/// with ``JSONArraySlices/find(_:in:)`` once the
/// document is complete (each key on the path once, no escapes in the path's keys, an
/// object at the top, nothing after it), so a document that the whole-body path would
/// not split is refused here too: ``Split/whole(_:)`` when no element was split out
/// (the envelope is then the document itself), ``CannotSplit`` when some were.
public struct JSONArrayStream: Sendable {
    /// The document could not be split the way ``JSONArraySlices`` splits it.
    public struct CannotSplit: Error, Sendable {}

    public enum Split: Sendable {
        /// The document without the array's elements (``JSONArraySlices/documentWithoutElements(_:)``).
        case split(envelope: Data, elements: Int)
        /// No array was found at the path: the whole document, to be read some other way.
        case whole(Data)
    }

    private let path: [[UInt8]]
    private var envelope: [UInt8] = []
    /// Where the array's `[` is in the envelope, once found.
    private var arrayAt: Int?
    private var elements = 0
    private var outside = Outside()
    private var inside: Inside?
    /// The bytes of an element begun in an earlier chunk.
    private var carry: [UInt8] = []

    public init(path: [String]) {
        self.path = path.map { Array($0.utf8) }
    }

    /// The scan outside the array: just enough to see where the path leads.
    private struct Outside: Sendable {
        /// One entry per open object or array: whether it is an object on the path so far.
        var frames: [(object: Bool, onPath: Bool)] = []
        /// Inside a string: where its scan goes on in the next bytes (``JSONStringScan/carry(after:)``).
        var string: Int?
        var expectingKey = false
        var key: [UInt8] = []
        var keyMatches = false
        var readingKey = false
        var awaitingValue = false
    }

    /// The scan inside the array, mirroring ``JSONByteScanner/array()``. A string's state
    /// is where its scan goes on in the next bytes (``JSONStringScan/carry(after:)``).
    private enum Inside: Sendable {
        case between(afterComma: Bool)
        case string(carry: Int)
        case nested(depth: Int, string: Int?)
        case scalar
        case afterValue
    }

    /// Takes the next bytes; `element` gets each element completed by them, without
    /// the whitespace around it.
    public mutating func feed(
        _ bytes: UnsafeRawBufferPointer, element: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try feed(bytes, readObject: { _ in nil }, element: element)
    }

    /// ``feed(_:element:)``, where an object element may be read in place by its reader:
    /// `readObject` is given the bytes from an object's `{` to the end of the chunk and
    /// answers how many of them the object took, having read it, or nil (it could not
    /// read it, or the chunk ends inside it), and then the object is split as usual and
    /// goes to `element`.
    ///
    /// Why: a reader that reads an object strictly (``JSONByteReader``) finds its end
    /// where the split would, since for valid JSON both end at the bracket that closes
    /// it. So each doc's bytes are walked once, not once to split and once to read.
    public mutating func feed(
        _ bytes: UnsafeRawBufferPointer, readObject: (UnsafeRawBufferPointer) throws -> Int?,
        element: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var at = 0
        var outsideStart = 0
        var elementStart: Int? = inside.map { state -> Int? in
            if case .between = state { return nil }
            if case .afterValue = state { return nil }
            return 0
        } ?? nil
        while at < bytes.count {
            guard var state = inside else {
                if let carry = outside.string {
                    at = scanOutsideString(bytes, from: at, carry: carry)
                    continue
                }
                // Outside the array: copy to the envelope up to and with a `[` that opens it.
                if scanOutside(bytes[at]) {
                    envelope.append(contentsOf: bytes[outsideStart...at])
                    arrayAt = envelope.count - 1
                    inside = .between(afterComma: false)
                }
                at += 1
                if inside != nil { outsideStart = at }
                continue
            }
            let byte = bytes[at]
            var completed: Int?
            switch state {
            case .between(let afterComma):
                if Self.isSpace(byte) { break }
                if byte == UInt8(ascii: "]") && !afterComma && elements == 0 && carry.isEmpty {
                    closeArray(); at += 1; outsideStart = at; continue
                }
                if byte == UInt8(ascii: "{"),
                    let length = try readObject(UnsafeRawBufferPointer(rebasing: bytes[at...])),
                    length > 0, length <= bytes.count - at
                {
                    elements += 1
                    at += length
                    inside = .afterValue
                    continue
                }
                elementStart = at
                switch byte {
                case UInt8(ascii: "\""): state = .string(carry: 0)
                case UInt8(ascii: "{"), UInt8(ascii: "["): state = .nested(depth: 1, string: nil)
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"):
                    state = .scalar
                default: throw CannotSplit()
                }
            case .string(let carry):
                let scan = JSONString.scan(bytes, from: at + carry)
                guard scan.closed else {
                    inside = .string(carry: scan.carry(after: bytes.count))
                    at = bytes.count
                    continue
                }
                completed = scan.end + 1
                at = scan.end
            case .nested(var depth, var string):
                // Most of the body: run through the element with its state in locals, the
                // strings eight bytes at a time, until it completes or the chunk ends.
                var done = false
                scan: while at < bytes.count {
                    if let carry = string {
                        let scan = JSONString.scan(bytes, from: at + carry)
                        guard scan.closed else {
                            string = scan.carry(after: bytes.count)
                            at = bytes.count
                            break
                        }
                        string = nil
                        at = scan.end + 1
                        continue
                    }
                    switch bytes[at] {
                    case UInt8(ascii: "\""): string = 0
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            done = true
                            at += 1
                            break scan
                        }
                    default: break
                    }
                    at += 1
                }
                guard done else {
                    inside = .nested(depth: depth, string: string)
                    continue
                }
                try emit(bytes, from: elementStart, to: at, element)
                elementStart = nil
                inside = .afterValue
                continue
            case .scalar:
                if Self.endsScalar(byte) {
                    // The byte that ended it is read again, after the value.
                    try emit(bytes, from: elementStart, to: at, element)
                    elementStart = nil
                    inside = .afterValue
                    continue
                }
            case .afterValue:
                switch byte {
                case _ where Self.isSpace(byte): break
                case UInt8(ascii: ","): state = .between(afterComma: true)
                case UInt8(ascii: "]"):
                    closeArray(); at += 1; outsideStart = at; continue
                default: throw CannotSplit()
                }
            }
            if let end = completed {
                try emit(bytes, from: elementStart, to: end, element)
                elementStart = nil
                state = .afterValue
            }
            inside = state
            at += 1
        }
        if inside == nil {
            if outsideStart < bytes.count { envelope.append(contentsOf: bytes[outsideStart...]) }
        } else if let start = elementStart ?? (carry.isEmpty ? nil : 0) {
            carry.append(contentsOf: bytes[start...])
        }
    }

    /// Every byte is in: the envelope, checked, or the whole document.
    public func finish() throws -> Split {
        guard inside == nil else { throw CannotSplit() }
        let document = Data(envelope)
        guard let arrayAt else { return .whole(document) }
        guard let slices = JSONArraySlices.find(path.map { String(decoding: $0, as: UTF8.self) }, in: document),
            slices.elements.isEmpty, slices.array.lowerBound == arrayAt
        else { throw CannotSplit() }
        return .split(envelope: document, elements: elements)
    }

    private mutating func emit(
        _ bytes: UnsafeRawBufferPointer, from start: Int?, to end: Int, _ element: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        elements += 1
        if carry.isEmpty, let start {
            try element(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            return
        }
        carry.append(contentsOf: bytes[(start ?? 0)..<end])
        try carry.withUnsafeBytes { try element($0) }
        carry.removeAll(keepingCapacity: true)
    }

    private mutating func closeArray() {
        envelope.append(UInt8(ascii: "]"))
        inside = nil
        // After the array the path is done: whatever follows is only copied (and checked at the end).
        outside.frames = outside.frames.map { ($0.object, false) }
    }

    /// Goes on with a string outside the array from `at` (`carry` bytes of it already
    /// taken by an escape), keeping a key's raw bytes; answers where the bytes after it start.
    private mutating func scanOutsideString(_ bytes: UnsafeRawBufferPointer, from at: Int, carry: Int) -> Int {
        let scan = JSONString.scan(bytes, from: at + carry)
        if outside.readingKey { outside.key.append(contentsOf: bytes[at..<min(scan.end, bytes.count)]) }
        guard scan.closed else {
            outside.string = scan.carry(after: bytes.count)
            return bytes.count
        }
        outside.string = nil
        if outside.readingKey {
            outside.readingKey = false
            let level = outside.frames.count - 1
            outside.keyMatches = level < path.count && outside.key == path[level]
        }
        return scan.end + 1
    }

    /// Reads one byte outside the array and outside a string; true when it is the `[`
    /// of the array at the path.
    private mutating func scanOutside(_ byte: UInt8) -> Bool {
        if Self.isSpace(byte) { return false }
        let top = outside.frames.last
        let onPathObject = top.map { $0.object && $0.onPath } ?? false
        if outside.awaitingValue {
            // The first byte of a value in an object on the path.
            outside.awaitingValue = false
            let level = outside.frames.count - 1
            if onPathObject && outside.keyMatches {
                if level == path.count - 1 && byte == UInt8(ascii: "[") && arrayAt == nil { return true }
                if level < path.count - 1 && byte == UInt8(ascii: "{") {
                    outside.frames.append((true, true))
                    outside.expectingKey = true
                    return false
                }
            }
        }
        switch byte {
        case UInt8(ascii: "\""):
            outside.string = 0
            if top?.object == true && outside.expectingKey {
                outside.readingKey = true
                outside.key.removeAll(keepingCapacity: true)
                outside.expectingKey = false
            }
        case UInt8(ascii: ":"):
            if top?.object == true { outside.awaitingValue = true }
        case UInt8(ascii: ","):
            if top?.object == true { outside.expectingKey = true }
        case UInt8(ascii: "{"):
            outside.frames.append((true, outside.frames.isEmpty))
            outside.expectingKey = true
        case UInt8(ascii: "["):
            outside.frames.append((false, false))
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            if !outside.frames.isEmpty { outside.frames.removeLast() }
            outside.expectingKey = false
        default:
            break
        }
        return false
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
    }
}
