import APICore
import Foundation
import Testing

/// `JSONArrayStream` runs through strings eight bytes at a time and keeps its place
/// across chunks: cut anywhere, even between a backslash and the byte it escapes, it
/// splits where `JSONArraySlices` splits the whole document.
@Suite struct JSONArrayStreamCutTests {
    static let doc = #"{"a":"x\\\"}]{[ \\","b":[1,{"c":"\u00e9 a string longer than a word \\\\"}],"d":"é\"\\"}"#
    static let document = #"{"response":{"docs":["# + Array(repeating: doc, count: 3).joined(separator: ",")
        + #", "s\"]\\", 12, true, [[]], {}]}, "after": "\\\"]"}"#

    /// The elements and the split of `data` fed in pieces ending at `cuts`.
    static func split(_ data: [UInt8], cuts: [Int]) throws -> ([[UInt8]], JSONArrayStream.Split) {
        var stream = JSONArrayStream(path: ["response", "docs"])
        var elements: [[UInt8]] = []
        var start = 0
        for end in cuts + [data.count] where end > start {
            try data[start..<end].withUnsafeBytes { piece in
                try stream.feed(piece) { elements.append(Array($0)) }
            }
            start = end
        }
        return (elements, try stream.finish())
    }

    @Test func splitsEscapesAndBracketsInStringsAtEveryCut() throws {
        let data = Array(Self.document.utf8)
        let slices = try #require(JSONArraySlices.find(["response", "docs"], in: Data(data)))
        let expected = slices.elements.map { Array(data[$0]) }
        #expect(expected.count == 8)
        #expect(expected.first == Array(Self.doc.utf8))
        for cut in 0...data.count {
            for second in [cut + 1, cut + 5, cut + 9] where second < data.count {
                let (elements, result) = try Self.split(data, cuts: [cut, second])
                #expect(elements == expected, "cut at \(cut) and \(second)")
                guard case let .split(envelope, count) = result else {
                    Issue.record("not split when cut at \(cut)")
                    continue
                }
                #expect(count == expected.count)
                #expect(envelope == slices.documentWithoutElements(Data(data)))
            }
        }
    }

    /// An object read in place (`readObject`) ends where the split would end it, and an
    /// object the reader refuses, or that the chunk cuts short, is split as before.
    @Test func objectsReadInPlaceEndWhereTheSplitEndsThemAtEveryCut() throws {
        let data = Array(Self.document.utf8)
        let slices = try #require(JSONArraySlices.find(["response", "docs"], in: Data(data)))
        let expected = slices.elements.map { Array(data[$0]) }
        var readInPlace = 0
        for cut in 0...data.count {
            var stream = JSONArrayStream(path: ["response", "docs"])
            var elements: [[UInt8]] = []
            for piece in [data[..<cut], data[cut...]] {
                try piece.withUnsafeBytes { bytes in
                    try stream.feed(bytes, readObject: { object in
                        var reader = JSONByteReader(object)
                        // Refuses the empty object, so that some objects always take the split path.
                        guard object.count > 2, (try? reader.skipValue()) != nil else { return nil }
                        elements.append(Array(object[..<reader.offset]))
                        readInPlace += 1
                        return reader.offset
                    }) { elements.append(Array($0)) }
                }
            }
            #expect(elements == expected, "cut at \(cut)")
            guard case let .split(envelope, count) = try stream.finish() else {
                Issue.record("not split when cut at \(cut)")
                continue
            }
            #expect(count == expected.count)
            #expect(envelope == slices.documentWithoutElements(Data(data)))
        }
        #expect(readInPlace > 3 * data.count / 2, "most objects are read in place")
    }

    @Test func anUnterminatedStringInAnElementIsNotSplit() {
        let data = Array(#"{"response":{"docs":[{"a":"never ends \" and on and on]}]}}"#.utf8)
        for cut in [1, 20, 30, 40] {
            #expect(throws: JSONArrayStream.CannotSplit.self) { _ = try Self.split(data, cuts: [cut]) }
        }
    }

    /// Outside the array, a string that holds the path's text behind escaped quotes
    /// (`"\",\"response\":{…"`) stays one string wherever the body is cut, even between a
    /// backslash and its quote: the scan carries the escape into the next chunk.
    @Test func aStringBeforeTheArrayIsReadWholeAcrossCuts() throws {
        let data = Array(#"{"a":"\",\"response\":{\"docs\":[9]},\"z\":\"","response":{"docs":[1,2]}}"#.utf8)
        let slices = try #require(JSONArraySlices.find(["response", "docs"], in: Data(data)))
        let expected = slices.elements.map { Array(data[$0]) }
        #expect(expected == [Array("1".utf8), Array("2".utf8)])
        for cut in 0...data.count {
            let (elements, result) = try Self.split(data, cuts: [cut])
            #expect(elements == expected, "cut at \(cut)")
            guard case let .split(envelope, count) = result else {
                Issue.record("not split when cut at \(cut)")
                continue
            }
            #expect(count == 2)
            #expect(envelope == slices.documentWithoutElements(Data(data)))
        }
    }

    /// A string element whose last character is an escaped backslash or quote, cut at
    /// every byte: the scan carries the escape into the next chunk.
    @Test func stringElementsEndingInEscapesSplitAtEveryCut() throws {
        let data = Array(#"{"response":{"docs":["a\\","b\"","\u00e9\\\"x", "plain"]}}"#.utf8)
        let slices = try #require(JSONArraySlices.find(["response", "docs"], in: Data(data)))
        let expected = slices.elements.map { Array(data[$0]) }
        #expect(expected.count == 4)
        for cut in 0...data.count {
            for second in [cut + 1, cut + 2] where second < data.count {
                let (elements, _) = try Self.split(data, cuts: [cut, second])
                #expect(elements == expected, "cut at \(cut) and \(second)")
            }
        }
    }
}
