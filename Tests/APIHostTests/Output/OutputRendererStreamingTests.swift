import Foundation
import Testing
@testable import APIHost

@Suite struct OutputRendererStreamingTests {
    /// A document large enough to be written in several chunks, with nesting and escapes.
    let document: JSONValue = .array((0..<3_000).map { index in
        ["id": .int(Int64(index)), "title": .string("Headline \(index) \"quoted\"\n"),
         "tags": ["a", "b"], "nested": ["x": .double(1.5), "y": nil]]
    })

    func pieces(_ format: OutputFormat) -> [String] {
        var pieces: [String] = []
        OutputRenderer.writeElements(document.elements, as: format) { pieces.append($0) }
        return pieces
    }

    @Test func streamedJSONIsTheWholeDocumentByteForByte() throws {
        let pieces = pieces(.json)
        #expect(pieces.count > 1, "written in chunks")
        #expect(pieces.joined() == document.serialized(pretty: true) + "\n")
        let parsed = try JSONSerialization.jsonObject(with: Data(pieces.joined().utf8)) as? [Any]
        #expect(parsed?.count == 3_000)
    }

    @Test func streamedNDJSONIsOneElementPerLine() throws {
        let pieces = pieces(.ndjson)
        #expect(pieces.count > 1)
        let lines = pieces.joined().split(separator: "\n")
        #expect(lines.count == 3_000)
        #expect(String(lines[0]) == document.elements[0].serialized(pretty: false))
        // No chunk grows much past the 64 KiB it is flushed at.
        #expect(pieces.allSatisfy { $0.utf8.count < 65_536 + 4_096 })
    }

    @Test func emptyAndSingleElementDocuments() {
        var text = ""
        OutputRenderer.writeElements([], as: .json) { text += $0 }
        #expect(text == "[]\n")
        text = ""
        OutputRenderer.writeElements(["x"], as: .json) { text += $0 }
        #expect(text == "[\n  \"x\"\n]\n")
        text = ""
        OutputRenderer.writeElements([], as: .ndjson) { text += $0 }
        #expect(text.isEmpty)
    }
}
