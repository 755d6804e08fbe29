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

/// Standard input as a stream of lines, read on a thread of its own: a blocking
/// `read(2)` must not hold the main thread, which runs the server's jobs, nor one of
/// the pool's threads, which run the tool calls.
///
/// The stream ends at end of file (the agent host closed the pipe) or on a read
/// error. A line longer than ``maxLineBytes`` is not kept: it arrives as ``Line/tooLong``,
/// and reading goes on at the next newline, so one huge message cannot take the memory.
enum StdinLines {
    /// The longest message kept: far past any tool call's arguments.
    static let maxLineBytes = 16 << 20

    enum Line: Sendable {
        case text(Data)
        case tooLong
    }

    static func stream(descriptor: Int32 = STDIN_FILENO) -> AsyncStream<Line> {
        AsyncStream { continuation in
            let started = DetachedThread.start {
                var splitter = LineSplitter(limit: maxLineBytes)
                var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    for line in splitter.add(buffer[0..<count]) { continuation.yield(line) }
                }
                if let last = splitter.finish() { continuation.yield(last) }
                continuation.finish()
            }
            if !started { continuation.finish() }
        }
    }
}

/// Cuts bytes into lines at `\n` (a `\r` before it is dropped); empty lines are skipped.
struct LineSplitter: Sendable {
    let limit: Int
    private var pending: [UInt8] = []
    private var overflowed = false

    init(limit: Int) { self.limit = limit }

    mutating func add(_ bytes: ArraySlice<UInt8>) -> [StdinLines.Line] {
        var lines: [StdinLines.Line] = []
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            append(bytes[start..<newline])
            if let line = take() { lines.append(line) }
            start = newline + 1
        }
        append(bytes[start...])
        return lines
    }

    /// What is left at end of file, as a line of its own.
    mutating func finish() -> StdinLines.Line? { take() }

    private mutating func append(_ bytes: ArraySlice<UInt8>) {
        guard !overflowed else { return }
        if pending.count + bytes.count > limit {
            overflowed = true
            pending = []
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    private mutating func take() -> StdinLines.Line? {
        defer {
            pending = []
            overflowed = false
        }
        if overflowed { return .tooLong }
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        guard pending.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return nil }
        return .text(Data(pending))
    }
}
