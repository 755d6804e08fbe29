import Testing
@testable import APICore

/// The buffer's array is kept at full length with ``TextBuffer/count`` marking the
/// text: what is read back must be exactly what was appended, across growth.
@Suite("TextBuffer")
struct TextBufferTests {
    @Test("appends of every kind read back in order, across many doublings of the room", arguments: [0, 100, 70_000])
    func appendsAcrossGrowth(reserved: Int) {
        var buffer = TextBuffer(capacity: reserved)
        var expected: [UInt8] = []
        for round in 0..<2_000 {
            let text = "élan \(round) "
            buffer.append(text)
            expected += Array(text.utf8)
            buffer.append(ascii: UInt8(ascii: ","))
            expected.append(UInt8(ascii: ","))
            buffer.append(spaces: round % 5)
            expected += Array(repeating: UInt8(ascii: " "), count: round % 5)
            buffer.append("[]" as StaticString)
            expected += Array("[]".utf8)
            buffer.append(decimal: Int64(round) - 1_000)
            expected += Array(String(round - 1_000).utf8)
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.bytes == expected)
        #expect(buffer.text == String(decoding: expected, as: UTF8.self))
        #expect(buffer.withBytes { Array($0) } == expected)
    }

    @Test("trailing spaces and emptying only move the end, and the room is reused")
    func trimAndEmpty() {
        var buffer = TextBuffer(capacity: 8)
        buffer.append("ab   ")
        buffer.removeTrailingSpaces(after: 3)
        #expect(buffer.text == "ab ")
        buffer.removeTrailingSpaces(after: 0)
        #expect(buffer.text == "ab")
        buffer.removeAll()
        #expect(buffer.isEmpty && buffer.bytes.isEmpty && buffer.text.isEmpty)
        buffer.append("xyz")
        #expect(buffer.text == "xyz")
    }
}
