import Foundation
import Synchronization
import Testing
import TestSupport

@testable import APIHost

/// The spool a large answer waits in (``OutputSpool``): what goes in comes out byte for
/// byte, in pieces that each end between characters, from its file or from memory.
@Suite struct OutputSpoolTests {
    /// Keeps each piece written to stdout, as bytes.
    final class PieceConsole: Console {
        let pieces = Mutex<[Data]>([])
        func out(_ text: String) { pieces.withLock { $0.append(Data(text.utf8)) } }
        func err(_ text: String) {}
        func out(bytes: Data) { pieces.withLock { $0.append(bytes) } }
    }

    /// About 400 KB of one-, two-, three- and four-byte characters, so that reads of 64 KiB end inside some.
    static let text = String(repeating: "a é € 😀 \"q\"\n", count: 20_000)

    /// Appends `text`'s bytes cut every `cut` bytes, wherever that falls.
    static func filled(_ spool: OutputSpool, cut: Int) {
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: cut) {
            bytes[start..<min(bytes.count, start + cut)].withUnsafeBytes { spool.append($0) }
        }
    }

    @Test(arguments: [1_000, 65_537, 400_000])
    func whatGoesInComesOutInWholeCharacters(cut: Int) throws {
        let folder = try TemporaryDirectory(prefix: "apicli-spool")
        let spool = OutputSpool(in: folder.path())
        Self.filled(spool, cut: cut)
        #expect(spool.count == Self.text.utf8.count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path()).isEmpty, "unlinked once made")
        let console = PieceConsole()
        try spool.copy(to: console)
        let pieces = console.pieces.withLock { $0 }
        #expect(pieces.count > 5, "read back in pieces: \(pieces.count)")
        #expect(pieces.allSatisfy { String(data: $0, encoding: .utf8) != nil }, "each piece is whole UTF-8")
        #expect(pieces.reduce(Data(), +) == Data(Self.text.utf8))
    }

    /// The file fills part way, inside a character: what it took is read back, then the rest from memory.
    @Test(arguments: [1, 100_001, 250_000])
    func aFileThatFillsKeepsTheRestInMemory(capacity: Int) throws {
        let folder = try TemporaryDirectory(prefix: "apicli-spool")
        let spool = OutputSpool(in: folder.path(), fileCapacity: capacity)
        Self.filled(spool, cut: 65_537)
        #expect(spool.count == Self.text.utf8.count)
        let console = PieceConsole()
        try spool.copy(to: console)
        let pieces = console.pieces.withLock { $0 }
        #expect(pieces.allSatisfy { String(data: $0, encoding: .utf8) != nil }, "each piece is whole UTF-8")
        #expect(pieces.reduce(Data(), +) == Data(Self.text.utf8))
    }

    @Test func aFolderWhereNoFileCanBeMadeKeepsItInMemory() throws {
        let spool = OutputSpool(in: "/nonexistent/apicli-spool-test")
        Self.filled(spool, cut: 65_537)
        let console = CapturingConsole()
        try spool.copy(to: console)
        #expect(console.stdout == Self.text)
    }

    #if os(Linux)
    /// Discarded once copied, it holds nothing and its file is closed: closing is what frees an
    /// unlinked file's pages, done by the thread that copied it, not at the run's end.
    @Test func discardedItClosesItsFile() throws {
        let folder = try TemporaryDirectory(prefix: "apicli-spool")
        let spool = OutputSpool(in: folder.path())
        Self.filled(spool, cut: 65_537)
        #expect(Self.openFiles(in: folder.path()) == 1, "the unlinked file is open")
        try spool.copy(to: PieceConsole())
        spool.discard()
        #expect(spool.count == 0)
        #expect(Self.openFiles(in: folder.path()) == 0)
        let console = PieceConsole()
        try spool.copy(to: console)
        #expect(console.pieces.withLock { $0 }.isEmpty, "nothing is printed twice")
    }

    /// How many of this process's descriptors name a file in `folder` (`/proc/self/fd`).
    static func openFiles(in folder: String) -> Int? {
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        return descriptors.count { descriptor in
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor)
            return target?.hasPrefix(folder + "/apicli-answer-") == true
        }
    }
    #endif

    @Test func nothingAppendedPrintsNothing() throws {
        let console = PieceConsole()
        try OutputSpool(in: "").copy(to: console)
        #expect(console.pieces.withLock { $0 }.isEmpty)
    }

    @Test func aCharacterIsNotCutAtTheBoundary() {
        let bytes = Array("ab€".utf8)
        #expect(OutputSpool.lastBoundary(in: bytes[...]) == 2, "before the € that starts there")
        #expect(OutputSpool.lastBoundary(in: bytes[..<4]) == 2, "the € cut after its second byte waits whole")
        #expect(OutputSpool.lastBoundary(in: Array("abc".utf8)[...]) == 2)
    }
}
