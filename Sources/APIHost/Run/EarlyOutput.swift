import Dispatch
import Synchronization

/// A fresh answer printed as soon as its one streamed page is decoded, while the page's
/// last batches, its commit and the answer's rows are still being stored.
///
/// On two cores a large answer's decoding thread is done well before the storing thread
/// (SQLite and FTS5 are the longest part of the run), and printing after the commit left
/// that core idle for the whole tail. What is printed is what the run would print after it
/// (``ItemOutput`` over the decoded page), so stdout is the same byte for byte; only when it
/// is written changes. The command makes one only where that holds: one query of one page,
/// fresh, no progress line drawn, nothing to warn about first (see ``ProviderCommand``).
///
/// A store that fails once the answer was printed is reported after it, as any fresh answer
/// shown but not kept is: a warning, and exit 74.
final class EarlyOutput<Response: Sendable>: Sendable {
    /// Writes the answer to stdout; how many items it printed (for `--fail-empty`).
    typealias Print = @Sendable (Response) throws -> Int

    private let write: Print
    private let trace: (@Sendable (String) -> Void)?
    private let state = Mutex(State())
    /// Signalled once the claimed print has ended.
    private let printed = DispatchSemaphore(value: 0)

    private struct State {
        var claimed = false
        var result: Result<Int, any Error>?
    }

    init(trace: (@Sendable (String) -> Void)? = nil, write: @escaping Print) {
        self.trace = trace
        self.write = write
    }

    /// On the decoding thread, before it tells the store the page ended: true once, for
    /// the thread that is then to call ``print(_:)``. Claimed before the end is handed on,
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

    /// Prints the decoded page; once, after ``claim()`` returned true.
    func print(_ response: Response) {
        let result = Result { try write(response) }
        state.withLock { $0.result = result }
        printed.signal()
    }

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
