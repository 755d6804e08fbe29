import Foundation
import Testing
import TestSupport
@testable import APIHTTP

/// A body scrubbed chunk by chunk (``StreamingScrubber``) reads exactly as the same body
/// scrubbed whole, wherever the chunks end: a key split between two chunks, in any of
/// the forms a server may echo it in, is still replaced.
@Suite("Scrubbing a body that arrives in chunks")
struct StreamingScrubberTests {
    static let key = SecretScrubberTests.key
    let scrubber = SecretScrubber(secrets: [key])

    /// `body` fed in pieces that end at `cuts` (offsets), joined again.
    func chunked(_ body: Data, cuts: [Int], scrubber: SecretScrubber? = nil) -> Data {
        var stream = StreamingScrubber(scrubber ?? self.scrubber)
        var out = Data()
        let bounds = [0] + cuts.filter { $0 > 0 && $0 < body.count }.sorted() + [body.count]
        body.withUnsafeBytes { bytes in
            for (start, end) in zip(bounds, bounds.dropFirst()) {
                stream.feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), final: false) { out.append(contentsOf: $0) }
            }
            stream.feed(UnsafeRawBufferPointer(rebasing: bytes[bytes.count..<bytes.count]), final: true) {
                out.append(contentsOf: $0)
            }
        }
        return out
    }

    static func body(_ echo: String) -> Data {
        Data(#"{"message":"Invalid key \#(echo) for \/svc\/x","list":["a\"b", "key=\#(echo)&x=1"]}"#.utf8)
    }

    @Test("a key split in two at every byte, in every form, is replaced", arguments: SecretScrubberTests.echoes)
    func splitAtEveryByte(echo: String) {
        let body = Self.body(echo)
        let whole = scrubber.scrub(body)
        #expect(!String(decoding: whole, as: UTF8.self).contains(echo))
        for cut in 1..<body.count {
            let joined = chunked(body, cuts: [cut])
            #expect(joined == whole, "cut at \(cut): \(String(decoding: joined, as: UTF8.self))")
        }
    }

    @Test("a key in another case, cut, in hex or base64, split at every byte, is replaced", arguments: 0..<12)
    func variantSplitAtEveryByte(_ index: Int) {
        let body = Self.body(SecretScrubberTests.variants[index].echo)
        let whole = scrubber.scrub(body)
        #expect(String(decoding: whole, as: UTF8.self).contains("***"))
        for cut in 1..<body.count {
            #expect(chunked(body, cuts: [cut]) == whole, "\(SecretScrubberTests.variants[index].name), cut at \(cut)")
        }
    }

    @Test("one byte at a time, and in random pieces, gives the whole-body result")
    func manyPieces() throws {
        // Echoes of every form, next to each other and far apart, with text around them that is not the key.
        var text = ""
        for (index, echo) in SecretScrubberTests.echoes.enumerated() {
            text += String(repeating: "lorem ipsum \\u00e9 %20 ", count: index * 7) + echo + (index % 2 == 0 ? echo : "")
        }
        let body = Self.body(text)
        let whole = scrubber.scrub(body)
        #expect(chunked(body, cuts: Array(1..<body.count)) == whole)
        let seed = try FuzzSeed.draw(for: "StreamingScrubberTests/manyPieces")
        var generator = seed.generator()
        for _ in 0..<50 {
            let cuts = (0..<Int.random(in: 1...40, using: &generator)).map { _ in Int.random(in: 1..<body.count, using: &generator) }
            #expect(chunked(body, cuts: cuts) == whole, "cuts \(cuts.sorted()); \(seed)")
        }
    }

    @Test("a short secret stays a whole-word match across a cut")
    func shortSecretAcrossCuts() {
        let short = SecretScrubber(secrets: ["pw1"])
        let body = Data("pw1 xpw1 pw1x (pw1) pw1".utf8)
        let whole = short.scrub(body)
        #expect(String(decoding: whole, as: UTF8.self) == "*** xpw1 pw1x (***) ***")
        for cut in 1..<body.count {
            #expect(chunked(body, cuts: [cut], scrubber: short) == whole, "cut at \(cut)")
        }
    }

    @Test("a key repeated back to back is one *** however it is cut")
    func adjacentEchoes() {
        let body = Data(("x" + Self.key + Self.key + "y").utf8)
        let whole = scrubber.scrub(body)
        #expect(String(decoding: whole, as: UTF8.self) == "x***y")
        for cut in 1..<body.count {
            #expect(chunked(body, cuts: [cut]) == whole, "cut at \(cut)")
        }
    }

    /// Chunks as large as libcurl hands over (past twice the held margin) are passed on
    /// where they lie when they leave nothing to replace: a key near either side of a
    /// cut between two such chunks, in any form, is still found.
    @Test("a key near a cut between large chunks, in every form, is replaced", arguments: SecretScrubberTests.echoes)
    func largeChunksAroundAKey(echo: String) throws {
        let filler = String(repeating: #"{"a":"b\u2019c %20 \/x"},"#, count: 120)
        let body = Self.body(filler + echo + filler)
        let whole = scrubber.scrub(body)
        #expect(!String(decoding: whole, as: UTF8.self).contains(echo))
        let margin = StreamingScrubber(scrubber).margin
        let echoStart = try #require(body.range(of: Data(echo.utf8))).lowerBound
        for cut in stride(from: echoStart - 2 * margin - 3, through: echoStart + echo.utf8.count + 2 * margin + 3, by: 5) {
            #expect(chunked(body, cuts: [cut]) == whole, "cut at \(cut)")
            #expect(chunked(body, cuts: [cut - 2 * margin - 1, cut]) == whole, "cuts at \(cut - 2 * margin - 1), \(cut)")
        }
        let clean = Self.body(filler + filler)
        #expect(chunked(clean, cuts: [2 * margin, 5 * margin]) == clean)
    }

    @Test("a body without the key passes through unchanged")
    func cleanBody() {
        let body = Data(String(repeating: #"{"a":"b\u2019c %41 \\"},"#, count: 500).utf8)
        #expect(chunked(body, cuts: [1, 17, 1000, 1001, 5000]) == body)
    }
}
