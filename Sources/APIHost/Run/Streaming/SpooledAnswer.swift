import APICore
import Synchronization

/// A fresh answer printed a batch at a time as its page is decoded (``ItemPieces``) into
/// an ``OutputSpool``, and copied to stdout once the page is whole (``EarlyOutput``).
///
/// Why: the page then holds none of its items from the first to the last, so a large
/// answer's peak memory does not grow with it (docs/design/0032-printing-while-storing.md). The bytes are
/// those ``ItemOutput`` prints for the whole page (a test compares them).
final class SpooledAnswer<P: Provider>: Sendable {
    private let spool: OutputSpool
    private let pieces: Mutex<(pieces: ItemPieces<P>, count: Int)>

    /// Nil when `output`'s format is printed whole. `folder`: where the spool's file goes.
    init?(output: ItemOutput<P>, folder: String) {
        guard let pieces = ItemPieces(output) else { return nil }
        spool = OutputSpool(in: folder)
        self.pieces = Mutex((pieces, 0))
    }

    /// On the decoding thread: the items of `response`, after those before.
    func write(_ response: P.Response) {
        let spool = self.spool
        pieces.withLock { state in
            state.count += OutputWriter.writing(to: spool) { state.pieces.write(response, to: &$0) }
        }
    }

    /// Ends the output with `last`, the page its decoder returned, and copies it all to
    /// `console`, once; how many items it printed (for `--fail-empty`).
    func print(last: P.Response, to console: any Console) throws -> Int {
        let spool = self.spool
        let count = pieces.withLock { state in
            OutputWriter.writing(to: spool) { state.pieces.finish(with: last, to: &$0) }
            return state.count
        }
        defer { spool.discard() }
        try spool.copy(to: console)
        return count
    }
}
