#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An article's text fields (all but its id) packed in one byte buffer.
///
/// A fresh answer prints what was decoded, so a 30 MiB answer keeps its 20,000
/// articles until it is printed. As a dozen separate `String`s, two arrays and their
/// elements, an article took about twice the bytes of its text: every string of
/// more than 15 bytes is an allocation of its own with a 32-byte header, rounded up by
/// `malloc`, and the struct itself was 272 bytes, mostly empty optionals. Packed, an
/// article's text is one allocation, and the fields are made into `String`s again
/// when read (storing and printing read each once).
///
/// The buffer holds, in order, the ``Slot``s' optional strings, then the keywords and
/// the image URLs as lists. A string is its UTF-8 length (`UInt32`, little-endian)
/// and bytes; `absent` is nil and `sameAsPrevious` repeats the slot before it (the
/// snippet is usually the lead paragraph, which the decoders shared as one string).
/// A list is its count, then its strings. Lengths stay below the two markers: a body is
/// at most 4 GiB (`APICLI_MAX_BODY_MB`), and a field is a part of one.
struct ArticleText: Sendable {
    /// The optional text fields, in the buffer's order.
    enum Slot: Int, CaseIterable {
        case webURL, headline, abstract, leadParagraph, snippet, byline, sectionName, subsectionName
        case newsDesk, typeOfMaterial, documentType, source
    }

    /// The two lists, after the slots.
    enum List: Int {
        case keywords, multimedia
    }

    private static let absent = UInt32.max
    private static let sameAsPrevious = UInt32.max - 1

    private let bytes: [UInt8]

    /// `slots` in ``Slot`` order.
    init(slots: [String?], keywords: [String], multimedia: [String]) {
        // Gathered into one array, then packed from its bytes, as a doc read from its bytes is.
        var utf8: [UInt8] = []
        let slotRanges = slots.map { $0.map { Self.append($0, to: &utf8) } }
        let keywordRanges = keywords.map { Self.append($0, to: &utf8) }
        let imageRanges = multimedia.map { Self.append($0, to: &utf8) }
        self = utf8.withUnsafeBytes { all in
            let slotBytes = slotRanges.map { $0.map { UnsafeRawBufferPointer(rebasing: all[$0]) } }
            return slotBytes.withUnsafeBufferPointer { slotBytes in
                ArticleText(
                    slots: slotBytes, keywords: keywordRanges.map { UnsafeRawBufferPointer(rebasing: all[$0]) },
                    multimedia: imageRanges.map { ("", UnsafeRawBufferPointer(rebasing: all[$0])) })
            }
        }
    }

    /// From each field's UTF-8 bytes, valid during the call: `slots` in ``Slot`` order, and
    /// each image URL as a prefix and the bytes after it. How a doc read from its bytes is
    /// packed with no `String` made of any field.
    init(
        slots: UnsafeBufferPointer<UnsafeRawBufferPointer?>, keywords: [UnsafeRawBufferPointer],
        multimedia: [(prefix: StaticString, rest: UnsafeRawBufferPointer)]
    ) {
        /// Bit `index` set: slot `index` repeats the one before it.
        var repeats: UInt32 = 0
        var size = 4 * (slots.count + 2)
        for index in slots.indices {
            if index > 0, Self.sameBytes(slots[index], slots[index - 1]) {
                repeats |= 1 << UInt32(index)
            } else {
                size += slots[index]?.count ?? 0
            }
        }
        for text in keywords { size += 4 + text.count }
        for (prefix, rest) in multimedia { size += 4 + prefix.utf8CodeUnitCount + rest.count }
        bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var writer = Writer(buffer: buffer)
            for index in slots.indices {
                if repeats & 1 << UInt32(index) != 0 {
                    writer.write(Self.sameAsPrevious)
                } else if let text = slots[index] {
                    writer.write(text)
                } else {
                    writer.write(Self.absent)
                }
            }
            writer.write(UInt32(keywords.count))
            for text in keywords { writer.write(text) }
            writer.write(UInt32(multimedia.count))
            for (prefix, rest) in multimedia {
                writer.write(UnsafeRawBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount), rest)
            }
            count = writer.offset
        }
    }

    /// Appends `text`'s UTF-8 to `utf8`; where it lies there.
    private static func append(_ text: String, to utf8: inout [UInt8]) -> Range<Int> {
        let start = utf8.count
        utf8.append(contentsOf: text.utf8)
        return start..<utf8.count
    }

    /// Fills the buffer made for a packed text, in order.
    private struct Writer {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var offset = 0

        mutating func write(_ value: UInt32) {
            for shift in stride(from: 0, to: 32, by: 8) {
                buffer[offset] = UInt8(truncatingIfNeeded: value >> UInt32(shift))
                offset += 1
            }
        }

        /// A string made of `head` then `tail`: its length, then its bytes.
        mutating func write(_ head: UnsafeRawBufferPointer, _ tail: UnsafeRawBufferPointer = .init(start: nil, count: 0)) {
            write(UInt32(head.count + tail.count))
            copy(head)
            copy(tail)
        }

        private mutating func copy(_ part: UnsafeRawBufferPointer) {
            guard let base = part.baseAddress, let target = buffer.baseAddress, !part.isEmpty else { return }
            (target + offset).initialize(from: base.assumingMemoryBound(to: UInt8.self), count: part.count)
            offset += part.count
        }
    }

    subscript(slot: Slot) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            var found: Range<Int>?
            for _ in 0...slot.rawValue {
                let length = Self.length(buffer, at: offset)
                offset += 4
                if length == Self.absent {
                    found = nil
                } else if length != Self.sameAsPrevious {
                    found = offset..<offset + Int(length)
                    offset += Int(length)
                }
            }
            return found.map { Self.string(buffer, $0) }
        }
    }

    subscript(list: List) -> [String] {
        var texts: [String] = []
        forEach(in: list) { texts.append(String(decoding: $0, as: UTF8.self)) }
        return texts
    }

    /// The list's strings joined by line breaks, copied from the buffer into one string:
    /// what the store keeps (`SQLValue.lines`), without a `String` per value and a join
    /// of them, which were a large part of building an article's row.
    func lines(_ list: List) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            let start = Self.start(of: list, in: buffer)
            let count = Int(Self.length(buffer, at: start))
            var size = max(count - 1, 0)
            var offset = start + 4
            for _ in 0..<count {
                let length = Int(Self.length(buffer, at: offset))
                size += length
                offset += 4 + length
            }
            return String(unsafeUninitializedCapacity: size) { target in
                var written = 0
                offset = start + 4
                for index in 0..<count {
                    if index > 0 {
                        target[written] = UInt8(ascii: "\n")
                        written += 1
                    }
                    let length = Int(Self.length(buffer, at: offset))
                    offset += 4
                    if length > 0, let from = buffer.baseAddress, let to = target.baseAddress {
                        (to + written).initialize(from: from + offset, count: length)
                    }
                    written += length
                    offset += length
                }
                return written
            }
        }
    }

    /// Where `list` (its count, then its strings) starts in the buffer, after the slots.
    private static func start(of list: List, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var offset = 0
        for _ in Slot.allCases {
            let length = Self.length(buffer, at: offset)
            offset += 4
            if length != Self.absent, length != Self.sameAsPrevious { offset += Int(length) }
        }
        if list == .multimedia {
            let count = Int(Self.length(buffer, at: offset))
            offset += 4
            for _ in 0..<count { offset += 4 + Int(Self.length(buffer, at: offset)) }
        }
        return offset
    }

    /// Every slot, in ``Slot`` order, read in one pass over the buffer (the
    /// subscript starts again from the front for each slot).
    var slots: [String?] {
        bytes.withUnsafeBufferPointer { buffer in
            var texts: [String?] = []
            texts.reserveCapacity(Slot.allCases.count)
            var offset = 0
            for _ in Slot.allCases {
                let length = Self.length(buffer, at: offset)
                offset += 4
                if length == Self.absent {
                    texts.append(nil)
                } else if length == Self.sameAsPrevious {
                    texts.append(texts.last ?? nil)
                } else {
                    texts.append(Self.string(buffer, offset..<offset + Int(length)))
                    offset += Int(length)
                }
            }
            return texts
        }
    }

    /// Every slot's bytes, in ``Slot`` order, read in one pass with no `String` made of
    /// any: how `--format json` writes an article (``ArticleJSON``). The bytes are those
    /// of the strings the article was made from, so they are whole UTF-8.
    func forEachSlot(_ body: (Slot, UnsafeBufferPointer<UInt8>?) -> Void) {
        withSlotBytes { slots in
            for slot in Self.slotOrder { body(slot, slots[slot]) }
        }
    }

    /// Every slot's bytes at once, valid inside `body` only: how a new article's row is
    /// bound (``ArticleStore``), with no `String` made of any field.
    func withSlotBytes<R, E: Error>(_ body: (SlotBytes) throws(E) -> R) throws(E) -> R {
        try bytes.withUnsafeBufferPointer { (buffer) throws(E) -> R in
            try withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>?.self, capacity: Self.slotOrder.count) {
                (table) throws(E) -> R in
                var offset = 0
                var previous: UnsafeBufferPointer<UInt8>?
                for slot in Self.slotOrder {
                    let length = Self.length(buffer, at: offset)
                    offset += 4
                    var text: UnsafeBufferPointer<UInt8>?
                    if length == Self.sameAsPrevious {
                        text = previous
                    } else if length != Self.absent {
                        text = UnsafeBufferPointer(rebasing: buffer[offset..<offset + Int(length)])
                        offset += Int(length)
                    }
                    table.initializeElement(at: slot.rawValue, to: text)
                    previous = text
                }
                defer { table.deinitialize() }
                return try body(SlotBytes(table: UnsafeBufferPointer(table)))
            }
        }
    }

    /// The slots' bytes, by slot (``withSlotBytes(_:)``).
    struct SlotBytes {
        fileprivate let table: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>?>

        subscript(slot: Slot) -> UnsafeBufferPointer<UInt8>? { table[slot.rawValue] }
    }

    /// The bytes of each of `list`'s strings, in order.
    func forEach(in list: List, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = Self.start(of: list, in: buffer)
            let count = Int(Self.length(buffer, at: offset))
            offset += 4
            for _ in 0..<count {
                let length = Int(Self.length(buffer, at: offset))
                offset += 4
                body(UnsafeBufferPointer(rebasing: buffer[offset..<offset + length]))
                offset += length
            }
        }
    }

    /// ``Slot``'s cases, made once (`allCases` is an array made on each use).
    private static let slotOrder = Slot.allCases
    /// How many slots there are.
    static let slotCount = slotOrder.count

    /// The same fields with `slot` set to `text`.
    func replacing(_ slot: Slot, with text: String?) -> ArticleText {
        var slots = self.slots
        slots[slot.rawValue] = text
        return ArticleText(slots: slots, keywords: self[.keywords], multimedia: self[.multimedia])
    }

    /// The same fields with `list` set to `texts`.
    func replacing(_ list: List, with texts: [String]) -> ArticleText {
        ArticleText(
            slots: slots, keywords: list == .keywords ? texts : self[.keywords],
            multimedia: list == .multimedia ? texts : self[.multimedia])
    }

    /// Whether both are present and the same bytes: the second is then written as a repeat.
    private static func sameBytes(_ text: UnsafeRawBufferPointer?, _ previous: UnsafeRawBufferPointer?) -> Bool {
        guard let text, let previous, text.count == previous.count else { return false }
        guard let base = text.baseAddress, let otherBase = previous.baseAddress else { return true }
        return memcmp(base, otherBase, text.count) == 0
    }

    private static func string(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }

    private static func length(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        UInt32(buffer[offset]) | UInt32(buffer[offset + 1]) << 8 | UInt32(buffer[offset + 2]) << 16
            | UInt32(buffer[offset + 3]) << 24
    }
}

extension ArticleText: Hashable {
    /// Equal when every field is, as `String`s compare (canonically equivalent text is equal).
    static func == (lhs: ArticleText, rhs: ArticleText) -> Bool {
        lhs.bytes == rhs.bytes
            || (lhs.slots == rhs.slots && lhs[.keywords] == rhs[.keywords] && lhs[.multimedia] == rhs[.multimedia])
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(slots)
        hasher.combine(self[.keywords])
        hasher.combine(self[.multimedia])
    }
}
