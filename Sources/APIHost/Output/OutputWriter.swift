#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one buffered writer everything printed on stdout goes through: JSON and
/// NDJSON elements, CSV records, table lines and template lines are appended as
/// bytes, and handed to the sink in pieces of about 64 KiB.
///
/// A piece is handed over only between whole pieces of output (``pieceDone()``),
/// never inside a character, so a sink that keeps text (a test's console) sees
/// valid UTF-8 in every piece; and a 30 MB answer is never held as one string.
struct OutputWriter {
    /// What a piece is flushed at.
    static let pieceSize = 65_536

    private var buffer = TextBuffer(capacity: pieceSize + 8_192)
    private let sink: Sink
    private let limit: Int

    /// Where pieces go: as text, or as the bytes they are (a console writes those as they are).
    private enum Sink {
        case text((String) -> Void)
        case bytes((UnsafeRawBufferPointer) -> Void)
        case none
    }

    private init(limit: Int, sink: Sink) {
        self.limit = limit
        self.sink = sink
    }

    /// Runs `body` with a writer whose pieces go to `sink`, and writes out what is left.
    static func writing<R>(to sink: (String) -> Void, _ body: (inout OutputWriter) throws -> R) rethrows -> R {
        try withoutActuallyEscaping(sink) { sink in
            var writer = OutputWriter(limit: pieceSize, sink: .text(sink))
            defer { writer.flush() }
            return try body(&writer)
        }
    }

    /// Runs `body` with a writer whose pieces go to `console`'s stdout as bytes: no
    /// `String` is made of them (that would check every byte of the output as UTF-8 again).
    static func writing<R>(to console: any Console, _ body: (inout OutputWriter) throws -> R) rethrows -> R {
        var writer = OutputWriter(limit: pieceSize, sink: .bytes({ console.out(bytes: Data($0)) }))
        defer { writer.flush() }
        return try body(&writer)
    }

    /// Runs `body` with a writer whose pieces go to `spool` as bytes.
    static func writing<R>(to spool: OutputSpool, _ body: (inout OutputWriter) throws -> R) rethrows -> R {
        var writer = OutputWriter(limit: pieceSize, sink: .bytes({ spool.append($0) }))
        defer { writer.flush() }
        return try body(&writer)
    }

    /// Everything `body` writes, as one string (tests, snapshots, short texts).
    static func collecting(_ body: (inout OutputWriter) throws -> Void) rethrows -> String {
        var writer = OutputWriter(limit: .max, sink: .none)
        try body(&writer)
        return writer.buffer.text
    }

    mutating func write(_ text: String) { buffer.append(text) }
    mutating func write(_ text: Substring) { buffer.append(text) }
    mutating func write(_ text: StaticString) { buffer.append(text) }
    mutating func write(ascii byte: UInt8) { buffer.append(ascii: byte) }
    mutating func write(spaces count: Int) { buffer.append(spaces: count) }

    /// How many bytes are gathered: where a line begins, for ``removeTrailingSpaces(after:)``.
    var position: Int { buffer.count }

    /// Drops the spaces that end what is gathered, back to `start` at most (a line's padding).
    mutating func removeTrailingSpaces(after start: Int) {
        buffer.removeTrailingSpaces(after: start)
    }

    /// Whatever `text` appends to the buffer: a JSON element, as a `JSONValue` or an object that writes itself.
    mutating func append(_ text: (inout TextBuffer) -> Void) {
        text(&buffer)
    }

    /// Ends one piece of output (an element, a record, a line): hands the buffer on once it is full.
    mutating func pieceDone() {
        if buffer.count >= limit { flush() }
    }

    /// Hands on whatever is gathered.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        switch sink {
        case let .text(sink): sink(buffer.text)
        case let .bytes(sink): buffer.withBytes(sink)
        case .none: return
        }
        buffer.removeAll()
    }
}
