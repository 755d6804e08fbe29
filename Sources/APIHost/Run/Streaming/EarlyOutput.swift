import Dispatch
import Synchronization

/// A fresh answer printed as soon as its one streamed page is decoded, while the page's
/// last batches, its commit and its answer are still being stored.
///
/// On two cores a large answer's decoding thread is done well before the storing thread
/// (SQLite and FTS5 are the longest part of the run), and printing after the commit left
/// that core idle for the whole tail. What is printed is what the run would print after it
/// (``ItemOutput`` over the decoded page), so stdout is the same byte for byte; only when it
/// is written changes. The command makes one only where that holds: one query of one page,
/// fresh, no progress line drawn (see ``ProviderCommand``). The page's own warnings (a doc
/// skipped) are said first, as the run would say them before the answer.
///
/// With ``printPiece(_:)`` the page is printed a batch at a time as it is decoded, into a
/// spool (``SpooledAnswer``), and the page keeps none of its items: the print at the end
/// copies the spool. Without it, the page holds its items until they are printed.
///
/// A store that fails once the answer was printed is reported after it, as any fresh answer
/// shown but not kept is: a warning, and exit 74.
///
/// Only a page's first streamed attempt is given one (``ChunkQueue/attempt``): when the
/// transport retries a body that broke off, the first attempt may have printed some items
/// into the spool already, and the retry prints its page after the run instead.
final class EarlyOutput<Response: Sendable>: Sendable {
    /// Writes the answer to stdout; how many items it printed (for `--fail-empty`).
    typealias Print = @Sendable (Response) throws -> Int
    /// Prints the response of items just decoded, after those before (into a spool).
    typealias Piece = @Sendable (Response) -> Void

    private let write: Print
    private let piece: Piece?
    private let warn: @Sendable (String) -> Void
    private let trace: (@Sendable (String) -> Void)?
    private let state = Mutex(State())
    /// Signalled once the claimed print has ended.
    private let printed = DispatchSemaphore(value: 0)

    private struct State {
        var claimed = false
        var result: Result<Int, any Error>?
        var warnings: [String] = []
    }

    /// `warn` says one of the page's warnings on stderr; `piece`, when the page is printed
    /// as it is decoded; `write` prints the page at the end.
    init(
        trace: (@Sendable (String) -> Void)? = nil, warn: @escaping @Sendable (String) -> Void = { _ in },
        piece: Piece? = nil, write: @escaping Print
    ) {
        self.trace = trace
        self.warn = warn
        self.piece = piece
        self.write = write
    }

    /// Whether the page is printed as it is decoded: its decoder then keeps none of its items.
    var printsPieces: Bool { piece != nil }

    /// On the decoding thread: the response of the items it just handed to the store.
    func printPiece(_ response: Response) {
        piece?(response)
    }

    /// On the decoding thread, before it tells the store the page ended: true once, for
    /// the thread that is then to call ``print(_:warnings:)``. Claimed before the end is handed on,
    /// so a run that finished storing always knows whether a print is under way.
    func claim() -> Bool {
        let first = state.withLock { state in
            defer { state.claimed = true }
            return !state.claimed
        }
        if first { trace?("output: printing the answer as decoded, while its page is stored") }
        return first
    }

    /// Whether the answer is printed (or being printed): asked once the page's thread ended.
    var claimed: Bool { state.withLock { $0.claimed } }

    /// Says the page's `warnings`, then prints the decoded page; once, after ``claim()`` returned true.
    func print(_ response: Response, warnings: [String]) {
        for warning in warnings { warn(warning) }
        let result = Result { try write(response) }
        state.withLock {
            $0.result = result
            $0.warnings = warnings
        }
        printed.signal()
    }

    /// The warnings said before the answer: the command does not say them again.
    var warningsSaid: [String] { state.withLock { $0.warnings } }

    /// After the run: nil when nothing was printed early (the command prints as usual);
    /// otherwise, once the print has ended, how many items it printed, or what it threw.
    func finish() -> Result<Int, any Error>? {
        guard claimed else { return nil }
        printed.wait()
        // Signalled once: a second `finish` must not wait for it again.
        printed.signal()
        return state.withLock { $0.result }
    }
}
