import APIBasics
import Foundation
import Testing

/// `pieces(between:)`, `cut(atFirst:)` and `startsWithLiteral` find an ASCII mark
/// by its byte, so a mark that a combining character follows (`/\u{301}`, one
/// `Character`) is still found, as NSString (UTF-16), a shell or a server finds it.
@Suite struct MarksTests {
    static let texts = [
        "", "/", "a/b", "/a/b/", "//a", "a//b", "a/\u{301}b", "/\u{301}", "\u{301}/", "é/e\u{301}/x",
        "👍🏽/👍", "a\r\nb", "\r\n", "no mark", "'\u{301}'", "x=\u{301}y=z",
    ]

    /// What a byte-level reader (a shell, a server, `open(2)`) cuts: the UTF-8 split at the byte.
    /// Foundation is no oracle here: on Linux its `components(separatedBy:)` compares characters too.
    static func bytePieces(_ text: String, _ mark: Unicode.Scalar, omittingEmpty: Bool) -> [String] {
        Array(text.utf8).split(separator: UInt8(ascii: mark), omittingEmptySubsequences: omittingEmpty)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: texts)
    func piecesAsTheBytes(_ text: String) {
        for mark: Unicode.Scalar in ["/", "\n", "'", "="] {
            #expect(text.pieces(between: mark).map(String.init) == Self.bytePieces(text, mark, omittingEmpty: false), "\(mark)")
            #expect(text.pieces(between: mark, omittingEmpty: true).map(String.init) == Self.bytePieces(text, mark, omittingEmpty: true))
            let cut = text.cut(atFirst: mark).map { String($0.before) + String(mark) + String($0.after) }
            #expect(cut == (Self.bytePieces(text, mark, omittingEmpty: false).count > 1 ? text : nil), "\(mark)")
            #expect(text.cut(atFirst: mark).map { String($0.before) } == Self.bytePieces(text, mark, omittingEmpty: false).dropLast().first)
        }
    }

    @Test func aMarkBeforeACombiningCharacterIsStillTheMark() {
        let text = "a/\u{301}b"
        #expect(text.split(separator: "/").count == 1)   // what the standard library sees
        #expect(text.pieces(between: "/") == ["a", "\u{301}b"])
        #expect(text.pieces(between: "/", maxSplits: 0) == ["a/\u{301}b"])
        #expect("/\u{301}x".startsWithLiteral("/") && !"/\u{301}x".hasPrefix("/"))
        #expect("x\r\ny".pieces(between: "\n") == ["x\r", "y"])
        #expect("x=\u{301}1".cut(atFirst: "=").map { [$0.before, $0.after] } == ["x", "\u{301}1"])
    }

    /// The path calls cut where `open(2)` cuts: a `/` before a combining mark separates.
    @Test func pathsAreCutAtTheirSlashes() {
        #expect(PathText.folder(of: "/a/\u{301}") == "/a")
        #expect(PathText.lastComponent(of: "/a/\u{301}") == "\u{301}")
        #expect(PathText.folder(of: "/a/\u{301}b/c.json") == "/a/\u{301}b")
        #expect(PathText.folder(of: "/\u{301}/b") == "/\u{301}")
        #expect(PathText.lastComponent(of: "/a/\u{301}b/c.json") == "c.json")
        #expect(PathText.deletingExtension("a.\u{301}") == "a")
        #expect(PathText.deletingExtension(".\u{301}env") == ".\u{301}env")
        #expect(PathText.deletingExtension("b.c\u{301}") == "b")
    }
}
