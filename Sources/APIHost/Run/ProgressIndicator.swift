import APICore
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A spinner with a count on stderr, for runs that may take more than half a second.
///
/// Shown only when stderr is a terminal and `--quiet` is not given, drawn on one
/// line with `\r` and erased when done, so it never mixes with results (stdout)
/// or with what a pipe captures.
///
/// It ticks on a thread of its own, not in a task: the run's code may hold the threads of the
/// concurrency runtime's pool (a blocking wait, a busy test process), and a ticker queued behind
/// them drew nothing until the run was over.
final class ProgressIndicator: Sendable {
    private let console: any Console
    private let enabled: Bool
    private let unicode: Bool
    private let state = Mutex<State>(State())
    private let ticker = Mutex<Ticker?>(nil)

    /// How the run stops the ticking thread, and learns that it has stopped drawing.
    private final class Ticker: Sendable {
        let stop = DispatchSemaphore(value: 0)
        let stopped = DispatchSemaphore(value: 0)
    }

    private struct State {
        var label = ""
        var done = 0
        var total = 0
        var frame = 0
        var drawn = false
    }

    /// Drawn only on a terminal's stderr, without `--quiet`, and never under
    /// `TERM=dumb`: it redraws with an escape sequence, and a dumb terminal gets none.
    static func isAllowed(stderrIsTerminal: Bool, quiet: Bool, variables: [String: String]) -> Bool {
        stderrIsTerminal && !quiet && variables["TERM"] != "dumb"
    }

    init(console: any Console, enabled: Bool, unicode: Bool) {
        self.console = console
        self.enabled = enabled
        self.unicode = unicode
    }

    /// Starts drawing after a short grace period, so quick runs show nothing.
    func start(_ label: String, total: Int) {
        guard enabled else { return }
        state.withLock {
            $0.label = label
            $0.total = total
        }
        let ticking = Ticker()
        let started = DetachedThread.start { [self] in
            defer { ticking.stopped.signal() }
            var pause = DispatchTimeInterval.milliseconds(500)
            while ticking.stop.wait(timeout: .now() + pause) == .timedOut {
                draw()
                pause = .milliseconds(100)
            }
        }
        // No thread to spare: the run goes on without a spinner.
        if started { ticker.withLock { $0 = ticking } }
    }

    func advance() {
        guard enabled else { return }
        state.withLock { $0.done += 1 }
    }

    /// Stops and erases the line.
    func finish() {
        guard enabled else { return }
        if let ticking = ticker.withLock({ $0.take() }) {
            ticking.stop.signal()
            ticking.stopped.wait()
        }
        let drawn = state.withLock { state in
            defer { state.drawn = false }
            return state.drawn
        }
        if drawn { console.err("\r\u{1B}[2K") }
    }

    private func draw() {
        let frames: [String] = unicode ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : ["|", "/", "-", "\\"]
        let line = state.withLock { state -> String in
            state.frame = (state.frame + 1) % frames.count
            state.drawn = true
            return "\(frames[state.frame]) \(state.label) \(state.done)/\(state.total)"
        }
        console.err("\r\u{1B}[2K" + line)
    }
}
