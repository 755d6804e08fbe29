#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import APIBasics

/// Finds a request's secrets in what a server sent, in one pass, and replaces each with `***`.
///
/// A server may echo a key as it was sent, percent-encoded, or with JSON `\u` escapes
/// (`"S\u0045CRET…"`, every character or only some): a decoder turns each of those
/// back into the key, so each must go before any decoder sees the bytes. It may also
/// write it in another case, in hex or base64, or cut by a character (``SecretForms``).
/// Every secret is looked for twice, ignoring ASCII case (but in base64, where case counts):
/// - in the bytes as they are (``rawForms``: the key as sent and as percent-encoded);
/// - in the bytes as a decoder reads them — JSON escapes decoded, then `%XX` — but only
///   in a window around an escape that decodes to a byte some secret contains
///   (``EscapeDecoder``). A body without such an escape (nearly every body: `\/`,
///   `\"`, `\u2019` and `%20` decode to bytes no key holds) costs one `memchr` scan
///   for `\` and one for `%`.
/// The matches are merged and the output built once, so the time is linear in the
/// body (times the longest secret), however many times the key occurs: replacing
/// each occurrence in place copied the rest of the body each time.
///
/// A secret shorter than ``shortestKey`` is only replaced where it is a whole word
/// (no ASCII letter or digit either side), so a short URL password does not mangle
/// words that contain it; API keys that short are refused before any request.
public struct SecretScrubber: Sendable {
    /// Keys shorter than this cannot be told apart from ordinary text.
    public static let shortestKey = 8

    /// Byte strings matched as they stand in the body, longest first.
    let rawForms: [[UInt8]]
    /// The forms among them matched with their case (base64); the others ignore ASCII case.
    let exactForms: Set<[UInt8]>
    /// Byte strings matched in the decoded text around escapes.
    let decodedForms: [[UInt8]]
    /// Which bytes occur in some decoded form: an escape that decodes to none of them cannot be part of a match.
    private let keyBytes: [Bool]

    public init(secrets: [String]) {
        var forms = Set(secrets.filter { !$0.isEmpty }.map { Array($0.utf8) })
        var exact = Set<[UInt8]>()
        for secret in forms {
            let derived = SecretForms.derived(from: secret)
            exact.formUnion(derived.exact)
            forms.formUnion(derived.foldingCase)
        }
        exactForms = exact.subtracting(forms)
        rawForms = (forms.union(exactForms)).sorted { $0.count > $1.count }
        let decoded = Set(secrets.filter { !$0.isEmpty }.flatMap { [$0, PercentCoding.decode($0) ?? $0] }
            .map { Array($0.utf8) })
        decodedForms = decoded.sorted { $0.count > $1.count }
        var bytes = [Bool](repeating: false, count: 256)
        // Both cases of a letter: the decoded text is matched ignoring case.
        for form in decodedForms {
            for byte in form {
                bytes[Int(byte)] = true
                if Self.isLetter(byte) { bytes[Int(byte ^ 0x20)] = true }
            }
        }
        keyBytes = bytes
    }

    public var isEmpty: Bool { rawForms.isEmpty }

    /// `body` with every secret replaced by `***`; the same bytes when it holds none.
    public func scrub(_ body: Data) -> Data {
        guard !isEmpty else { return body }
        let spans = body.withUnsafeBytes { matches(in: $0) }
        guard !spans.isEmpty else { return body }
        var out = Data()
        out.reserveCapacity(body.count)
        body.withUnsafeBytes { bytes in
            var at = 0
            for span in spans {
                out.append(contentsOf: bytes[at..<span.lowerBound])
                out.append(contentsOf: Self.mask)
                at = span.upperBound
            }
            out.append(contentsOf: bytes[at..<bytes.count])
        }
        return out
    }

    public func scrub(_ text: String) -> String {
        guard !isEmpty else { return text }
        let data = Data(text.utf8)
        let scrubbed = scrub(data)
        return scrubbed == data ? text : String(decoding: scrubbed, as: UTF8.self)
    }

    private static let mask: [UInt8] = Array("***".utf8)

    /// The source ranges to replace, sorted and merged.
    func matches(in bytes: UnsafeRawBufferPointer) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        for form in rawForms {
            for span in Self.find(form, in: bytes, foldingCase: folds(form))
            where Self.isWholeEnough(span, form: form, in: bytes) {
                spans.append(span)
            }
        }
        for window in escapeWindows(in: bytes) {
            let decodings = EscapeDecoder.decode(bytes, window: window)
            for decoded in decodings {
                decoded.bytes.withUnsafeBytes { text in
                    for form in decodedForms {
                        for found in Self.find(form, in: text, foldingCase: folds(form)) {
                            let span = decoded.starts[found.lowerBound]..<decoded.ends[found.upperBound - 1]
                            if Self.isWholeEnough(span, form: form, in: bytes) { spans.append(span) }
                        }
                    }
                }
            }
        }
        return Self.merged(spans)
    }

    /// Every occurrence of `form` in `bytes` (`memchr` for its first byte, then a compare),
    /// in either ASCII case when `foldingCase`.
    static func find(_ form: [UInt8], in bytes: UnsafeRawBufferPointer, foldingCase: Bool = false) -> [Range<Int>] {
        var found: [Range<Int>] = []
        forEachOccurrence(of: form, in: bytes, foldingCase: foldingCase) { offset in
            found.append(offset..<(offset + form.count))
            return true
        }
        return found
    }

    /// Calls `body` with the offset of each occurrence of `form` in `bytes` until it answers
    /// false: in order, or, `foldingCase`, in order for each case of the first byte.
    private static func forEachOccurrence(
        of form: [UInt8], in bytes: UnsafeRawBufferPointer, foldingCase: Bool = false, _ body: (Int) -> Bool
    ) {
        guard let base = bytes.baseAddress, let first = form.first, form.count <= bytes.count else { return }
        let starts = foldingCase && isLetter(first) ? [first | 0x20, first & ~0x20] : [first]
        form.withUnsafeBytes { needle in
            guard let needle = needle.baseAddress else { return }
            let last = bytes.count - form.count
            for start in starts {
                var at = 0
                // (glibc's `memmem` was measured in place of this: no fewer instructions.)
                while at <= last, let hit = memchr(base + at, Int32(start), last - at + 1) {
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    // Overlapping occurrences too (merged later): where the scan starts must not
                    // change what is found, so that a body scrubbed in chunks reads the same.
                    let same = foldingCase ? equalFoldingCase(UnsafeRawPointer(hit), needle, form.count) : memcmp(hit, needle, form.count) == 0
                    if same, !body(offset) { return }
                    at = offset + 1
                }
            }
        }
    }

    /// Whether `form` is matched ignoring ASCII case: not base64, and long enough that
    /// no ordinary word is it in another case.
    private func folds(_ form: [UInt8]) -> Bool {
        form.count >= Self.shortestKey && !exactForms.contains(form)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// Whether `count` bytes at `lhs` and `rhs` are the same but for the case of ASCII letters.
    private static func equalFoldingCase(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Bool {
        for index in 0..<count {
            let left = lhs.load(fromByteOffset: index, as: UInt8.self)
            let right = rhs.load(fromByteOffset: index, as: UInt8.self)
            if left != right, !(isLetter(left) && left | 0x20 == right | 0x20) { return false }
        }
        return true
    }

    /// Ranges of the body around each escape that decodes to a key byte, merged: a match
    /// through that escape starts and ends within ``EscapeDecoder/reach(_:)`` of it.
    func escapeWindows(in bytes: UnsafeRawBufferPointer) -> [Range<Int>] {
        guard let longest = decodedForms.first?.count else { return [] }
        let reach = EscapeDecoder.reach(longest)
        var windows: [Range<Int>] = []
        forEachKeyEscape(in: bytes) { offset in
            windows.append(max(0, offset - reach)..<min(bytes.count, offset + reach))
            return true
        }
        return Self.merged(windows)
    }

    /// Calls `body` with the offset of each `\` or `%` that may decode to a key byte
    /// (all the `\` first), until it answers false. It reads the bytes after the
    /// marker only (at most 12), never those before.
    private func forEachKeyEscape(in bytes: UnsafeRawBufferPointer, _ body: (Int) -> Bool) {
        guard let base = bytes.baseAddress, !decodedForms.isEmpty else { return }
        for marker in [UInt8(ascii: "\\"), UInt8(ascii: "%")] {
            var at = 0
            while at < bytes.count, let hit = memchr(base + at, Int32(marker), bytes.count - at) {
                let offset = base.distance(to: UnsafeRawPointer(hit))
                if EscapeDecoder.mayDecode(at: offset, in: bytes, toOneOf: keyBytes), !body(offset) { return }
                at = offset + 1
            }
        }
    }

    /// Whether ``matches(in:)`` may find something in `bytes`: some secret occurs in
    /// them as it stands, or some escape in them may decode to a key byte. False means
    /// it finds nothing, which ``StreamingScrubber`` learns without copying a chunk.
    func mayMatch(in bytes: UnsafeRawBufferPointer) -> Bool {
        var found = false
        for form in rawForms where !found {
            Self.forEachOccurrence(of: form, in: bytes, foldingCase: folds(form)) { _ in
                found = true
                return false
            }
        }
        if !found {
            forEachKeyEscape(in: bytes) { _ in
                found = true
                return false
            }
        }
        return found
    }

    /// A long secret counts anywhere; a short one only as a whole word.
    private static func isWholeEnough(_ span: Range<Int>, form: [UInt8], in bytes: UnsafeRawBufferPointer) -> Bool {
        if form.count >= shortestKey { return true }
        func isWordByte(_ offset: Int) -> Bool {
            guard offset >= 0 && offset < bytes.count else { return false }
            let byte = bytes[offset]
            return (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
        }
        return !isWordByte(span.lowerBound - 1) && !isWordByte(span.upperBound)
    }

    /// `ranges` sorted, with overlapping or touching ones joined.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
