import Foundation
import Testing
import TestSupport

@testable import APIHost

#if canImport(Glibc)
import Glibc

/// stdout written straight into when it is a file of its own (``SeekableOutput``): the
/// spool's bytes land in place after what the file held, nothing is copied at the end, and
/// an answer not shown is cut back out, leaving the file as it was.
@Suite struct SeekableOutputTests {
    typealias Spooled = OutputSpoolTests

    @Test(arguments: [1_000, 65_537])
    func theBytesLandInPlaceAfterWhatTheFileHeld(cut: Int) throws {
        let folder = try TemporaryDirectory(prefix: "apicli-seekable")
        let console = try FileOutputConsole(path: folder.path("out"), before: "before\n")
        let spool = OutputSpool(in: folder.path(), writingInto: console)
        Spooled.filled(spool, cut: cut)
        // In the file already, before any copy; no spool file was made beside it.
        #expect(console.stdout == "before\n" + Spooled.text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path()) == ["out"])
        try spool.copy(to: console)
        #expect(console.offset == 7 + Spooled.text.utf8.count, "stdout goes on after the answer")
        console.out("after\n")
        #expect(console.stdout == "before\n" + Spooled.text + "after\n")
    }

    @Test func anAnswerNotShownIsCutBackOut() throws {
        let folder = try TemporaryDirectory(prefix: "apicli-seekable")
        let console = try FileOutputConsole(path: folder.path("out"), before: "before\n")
        let spool = OutputSpool(in: folder.path(), writingInto: console)
        Spooled.filled(spool, cut: 65_537)
        spool.discard()
        #expect(console.stdout == "before\n")
        #expect(console.offset == 7)
        // Late pieces and a late copy change nothing: the run prints its own output next.
        Spooled.filled(spool, cut: 65_537)
        try spool.copy(to: console)
        console.out("the stored answer\n")
        #expect(console.stdout == "before\nthe stored answer\n")
    }

    /// The file stops taking bytes part way (a full disk): the rest follows from memory, in order.
    @Test(arguments: [1, 100_001])
    func aFileThatFillsGetsTheRestFromMemory(capacity: Int) throws {
        let folder = try TemporaryDirectory(prefix: "apicli-seekable")
        let console = try FileOutputConsole(path: folder.path("out"), before: "before\n")
        let spool = OutputSpool(in: folder.path(), writingInto: console, fileCapacity: capacity)
        Spooled.filled(spool, cut: 65_537)
        try spool.copy(to: console)
        #expect(console.stdout == "before\n" + Spooled.text)
    }

    @Test func aFileAtItsEndIsSeekableFromThere() throws {
        let folder = try TemporaryDirectory(prefix: "apicli-seekable")
        let console = try FileOutputConsole(path: folder.path("out"), before: "12345")
        #expect(console.seekableOutput?.start == 5)
    }

    /// Where cutting back could lose bytes that are not the answer's, or cannot be done.
    @Test func notWhereBytesCouldBeLostOrNotTakenBack() throws {
        let folder = try TemporaryDirectory(prefix: "apicli-seekable")
        let path = folder.path("out")
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        func opened(_ flags: Int32) -> Int32 { open(path, flags | O_CLOEXEC) }

        let appending = opened(O_WRONLY | O_APPEND)
        defer { close(appending) }
        #expect(SeekableOutput.of(appending, errors: -1) == nil, "opened for appending")

        let readOnly = opened(O_RDONLY)
        defer { close(readOnly) }
        _ = lseek(readOnly, 0, SEEK_END)
        #expect(SeekableOutput.of(readOnly, errors: -1) == nil, "not writable")

        let inside = opened(O_RDWR)
        defer { close(inside) }
        _ = lseek(inside, 4, SEEK_SET)
        #expect(SeekableOutput.of(inside, errors: -1) == nil, "bytes after the offset (1<>file)")
        _ = lseek(inside, 0, SEEK_END)
        #expect(SeekableOutput.of(inside, errors: -1) == SeekableOutput(descriptor: inside, start: 10))

        let alsoErrors = opened(O_WRONLY)
        defer { close(alsoErrors) }
        _ = lseek(alsoErrors, 0, SEEK_END)
        #expect(SeekableOutput.of(inside, errors: alsoErrors) == nil, "stderr writes into the same file (2>&1)")

        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(SeekableOutput.of(ends[1], errors: -1) == nil, "a pipe")
        #expect(SeekableOutput.of(-1, errors: -1) == nil)
    }
}
#endif
