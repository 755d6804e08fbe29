#if os(Linux)
import Foundation
import Synchronization
import Testing

@testable import apicli

/// The binary runs its command on the main thread, as the task executor of its one task
/// (`MainThreadExecutor`): the work goes on on the thread that waits for it, also after it
/// was suspended and resumed from another thread, so the main thread never leaves through
/// `dispatch_main` (whose `pthread_exit` unwinds it through libgcc).
@Suite("The main thread stays", .serialized)
struct MainThreadStaysTests {
    /// The calling thread (`pthread_t` is an integer on Linux).
    static func currentThread() -> UInt { UInt(pthread_self()) }

    @Test func theWorkRunsOnTheCallersThreadAcrossSuspensions() throws {
        let caller = Self.currentThread()
        let seen = MainThreadExecutor.run { () async -> [UInt] in
            var threads = [Self.currentThread()]
            for _ in 0..<3 {
                // Resumed from a thread of its own, as a transfer's end resumes a run.
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    Thread.detachNewThread { usleep(2_000); continuation.resume() }
                }
                threads.append(Self.currentThread())
            }
            return threads
        }
        #expect(seen == Array(repeating: caller, count: 4))
    }

    @Test func itReturnsWhatTheWorkReturns() {
        #expect(MainThreadExecutor.run { () async -> Int in 42 } == 42)
    }
}
#endif
