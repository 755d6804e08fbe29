/// ``SecretScrubber`` over a body that arrives in chunks: a key split between two
/// chunks, or written with escapes across the split, is still found and replaced.
///
/// It holds back the last ``margin`` bytes of what it was given (the longest span a
/// match can take, escapes included, plus one escape) and keeps as many already
/// passed on in front of them, so that every match is looked for with the same bytes
/// around it as in the whole body; a match that reaches into the held bytes waits for
/// the next chunk whole. What it passes on, joined, is what ``SecretScrubber/scrub(_:)``
/// makes of the whole body.
struct StreamingScrubber {
    let scrubber: SecretScrubber
    /// The bytes held back at the end, and kept before the unsent bytes for context.
    let margin: Int
    /// Source bytes: `kept[..<sent]` already passed on (context), the rest not yet.
    private var kept: [UInt8] = []
    private var sent = 0

    init(_ scrubber: SecretScrubber) {
        self.scrubber = scrubber
        let longest = max(scrubber.rawForms.first?.count ?? 0, scrubber.decodedForms.first?.count ?? 0)
        margin = EscapeDecoder.reach(longest) + 12
    }

    /// Takes the next bytes and passes on what is settled; `final` passes on the rest.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, final: Bool, emit: (UnsafeRawBufferPointer) -> Void) {
        if !final, passedInPlace(bytes, emit: emit) { return }
        kept.append(contentsOf: bytes)
        // Scan once enough is waiting: tiny chunks would each rescan the margin.
        guard final || kept.count - sent >= 2 * margin else { return }
        let sent = self.sent
        var settled = final ? kept.count : kept.count - margin
        let spans = kept.withUnsafeBytes { scrubber.matches(in: $0) }.compactMap { span -> Range<Int>? in
            guard span.upperBound > sent else { return nil }
            // Nothing found should start in bytes already sent (they were scanned with as much
            // after them); if it does, the unsent part still goes.
            return max(span.lowerBound, sent)..<span.upperBound
        }
        // A match that reaches the held bytes (or ends where they start: the next one may
        // touch it and the two would be one `***`) waits for them.
        if !final, let open = spans.first(where: { $0.lowerBound < settled && $0.upperBound >= settled }) {
            settled = max(open.lowerBound, sent)
        }
        kept.withUnsafeBytes { all in
            var at = sent
            for span in spans where span.upperBound <= settled {
                if at < span.lowerBound { emit(UnsafeRawBufferPointer(rebasing: all[at..<span.lowerBound])) }
                Self.mask.withUnsafeBytes { emit($0) }
                at = span.upperBound
            }
            if at < settled { emit(UnsafeRawBufferPointer(rebasing: all[at..<settled])) }
        }
        let drop = max(0, settled - margin)
        kept.removeFirst(drop)
        self.sent = settled - drop
    }

    /// The usual chunk, one that leaves nothing to replace: passed on where it lies, with
    /// only its last bytes kept, instead of being copied into ``kept`` and scanned there.
    ///
    /// Nothing is found in `kept` followed by `bytes` when nothing is found in `bytes`
    /// alone nor in `kept` followed by their first ``margin`` bytes: a secret as it
    /// stands, or an escape that may decode to a key byte, begun in `kept` ends within
    /// that many bytes, and one begun in `bytes` is seen in `bytes` (the escape check
    /// reads forward only). Then the state after is what the copying path leaves: the
    /// last `2 * margin` bytes, the first half passed on.
    private mutating func passedInPlace(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void)
        -> Bool
    {
        guard bytes.count >= 2 * margin, !scrubber.mayMatch(in: bytes) else { return false }
        let joined = kept.count
        kept.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[..<margin]))
        let clear = !kept.withUnsafeBytes { scrubber.mayMatch(in: $0) }
        kept.removeLast(margin)
        guard clear else { return false }
        if sent < joined { kept.withUnsafeBytes { emit(UnsafeRawBufferPointer(rebasing: $0[sent...])) } }
        emit(UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - margin)]))
        kept.removeAll(keepingCapacity: true)
        kept.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[(bytes.count - 2 * margin)...]))
        sent = margin
        return true
    }

    private static let mask: [UInt8] = Array("***".utf8)
}
