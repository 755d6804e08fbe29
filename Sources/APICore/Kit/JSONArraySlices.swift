#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

/// Where one array sits in a JSON document, and where each of its elements is,
/// found by a byte scan that decodes nothing.
///
/// A large answer (NYT's `response.docs`, 20,000 articles in 30 MB) can then be
/// decoded one element at a time: `JSONDecoder` builds a map of everything it is
/// given before decoding any of it, so decoding the body whole holds that map of
/// the whole body next to the body and every decoded record. Element by element,
/// only one element's map exists at a time.
///
///     if let slices = JSONArraySlices.find(["response", "docs"], in: body) {
///         let envelope = try decoder.decode(Envelope.self, from: slices.documentWithoutElements(body))
///         for range in slices.elements { … try decoder.decode(Doc.self, from: slices.element(range, of: body)) }
///     }
///
/// The scan only checks what it needs to split safely: strings (with escapes),
/// nesting, the commas between the array's elements, and that each key on the
/// path appears once in its object. It does not validate values: the caller
/// hands each element, and the document without them, to a real decoder, and
/// together those see every byte of the document. It answers nil — decode the
/// document whole instead — for anything else: a path that is missing, holds
/// something other than an array, or is named twice; a key on the path's
/// objects written with escapes; a document not starting with `{` (a BOM,
/// UTF-16); or bytes that do not scan (an unterminated string, unbalanced
/// brackets, a missing comma).
public struct JSONArraySlices: Sendable, Hashable {
    /// The array, from its `[` to its `]` inclusive, as offsets from the first byte of the document.
    public let array: Range<Int>
    /// Each element without the whitespace around it, as offsets from the first byte of the document.
    public let elements: [Range<Int>]

    public init(array: Range<Int>, elements: [Range<Int>]) {
        self.array = array
        self.elements = elements
    }

    /// The array at `path` (keys of nested objects, from the top level) in the JSON text `document`.
    public static func find(_ path: [String], in document: Data) -> JSONArraySlices? {
        guard !path.isEmpty else { return nil }
        let keys = path.map { Array($0.utf8) }
        return document.withUnsafeBytes { bytes -> JSONArraySlices? in
            var scanner = JSONByteScanner(bytes)
            scanner.skipSpace()
            guard scanner.peek() == UInt8(ascii: "{"), let found = scanner.object(path: keys[...]) else { return nil }
            scanner.skipSpace()
            return scanner.isAtEnd ? found : nil
        }
    }

    /// The bytes of the element at `range` in `document`, sharing its storage.
    public func element(_ range: Range<Int>, of document: Data) -> Data {
        document[(document.startIndex + range.lowerBound)..<(document.startIndex + range.upperBound)]
    }

    /// `document` with the array emptied (`"docs":[…]` becomes `"docs":[]`): the
    /// envelope around the elements, small, for a decoder to read whole.
    public func documentWithoutElements(_ document: Data) -> Data {
        let start = document.startIndex
        var envelope = Data(capacity: document.count - (array.count - 2))
        envelope.append(document[start..<(start + array.lowerBound + 1)])
        envelope.append(document[(start + array.upperBound - 1)..<document.endIndex])
        return envelope
    }
}

/// A cursor over the bytes of a JSON document for ``JSONArraySlices``.
struct JSONByteScanner {
    private let bytes: UnsafeRawBufferPointer
    private var at = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { at >= bytes.count }

    func peek() -> UInt8? {
        at < bytes.count ? bytes[at] : nil
    }

    mutating func skipSpace() {
        while at < bytes.count, Self.isSpace(bytes[at]) { at += 1 }
    }

    /// At a `{`: scans the object to its `}`, and answers the array at `path` inside it.
    mutating func object(path: ArraySlice<[UInt8]>) -> JSONArraySlices? {
        guard let wanted = path.first else { return nil }
        at += 1
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            at += 1
            return nil
        }
        var found: JSONArraySlices?
        var seen = false
        while true {
            let keyStart = at + 1
            guard peek() == UInt8(ascii: "\""), let key = scanString(), !key.escaped else { return nil }
            let name = UnsafeRawBufferPointer(rebasing: bytes[keyStart..<key.end])
            skipSpace()
            guard peek() == UInt8(ascii: ":") else { return nil }
            at += 1
            skipSpace()
            if name.elementsEqual(wanted) {
                guard !seen else { return nil }
                seen = true
                if path.count == 1 {
                    guard peek() == UInt8(ascii: "["), let slices = array() else { return nil }
                    found = slices
                } else {
                    guard peek() == UInt8(ascii: "{"), let inner = object(path: path.dropFirst()) else { return nil }
                    found = inner
                }
            } else if value() == nil {
                return nil
            }
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","):
                at += 1
                skipSpace()
            case UInt8(ascii: "}"):
                at += 1
                return found
            default:
                return nil
            }
        }
    }

    /// At a `[`: the array's range and each element's, with the cursor after its `]`.
    mutating func array() -> JSONArraySlices? {
        let start = at
        at += 1
        skipSpace()
        var elements: [Range<Int>] = []
        if peek() == UInt8(ascii: "]") {
            at += 1
            return JSONArraySlices(array: start..<at, elements: elements)
        }
        while true {
            guard let element = value() else { return nil }
            elements.append(element)
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","):
                at += 1
                skipSpace()
            case UInt8(ascii: "]"):
                at += 1
                return JSONArraySlices(array: start..<at, elements: elements)
            default:
                return nil
            }
        }
    }

    /// Skips one value of any kind; its range, or nil when it does not scan.
    mutating func value() -> Range<Int>? {
        guard let first = peek() else { return nil }
        switch first {
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "{"), UInt8(ascii: "["): return nested()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"),
            UInt8(ascii: "n"):
            let start = at
            while at < bytes.count, !Self.endsScalar(bytes[at]) { at += 1 }
            return start..<at
        default: return nil
        }
    }

    /// At a `"`: the string's range, quotes included. A backslash always takes
    /// the byte after it, so `\"` and `\\` never end or start anything.
    mutating func string() -> Range<Int>? {
        let start = at
        return scanString() == nil ? nil : start..<at
    }

    /// At a `"`: the string as the one string scan (`JSONString`) finds it, with the
    /// cursor after its closing quote; nil when it does not end.
    mutating func scanString() -> JSONStringScan? {
        let scan = JSONString.scan(bytes, from: at + 1)
        guard scan.closed else { return nil }
        at = scan.end + 1
        return scan
    }

    /// At a `{` or `[`: skips to the bracket that closes it. Whether each closing
    /// bracket matches its kind is left to the decoder that reads the value.
    mutating func nested() -> Range<Int>? {
        let start = at
        var depth = 0
        while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: "\""):
                guard string() != nil else { return nil }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    at += 1
                    return start..<at
                }
            default:
                break
            }
            at += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
    }
}
