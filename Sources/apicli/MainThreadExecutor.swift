import Dispatch
import Synchronization

/// Runs the command's async work on the main thread, as the task executor of its one task,
/// instead of awaiting it from an async top level.
///
/// Why: an async top level ends the main thread in `dispatch_main` the first time the run
/// waits for anything (a transfer, a streamed page): `dispatch_main` leaves it with
/// `pthread_exit`, which unwinds its stack through libgcc's forced unwinding. That loads
/// `libgcc_s` and searches the binary's `.eh_frame` for each frame: memory faulted in by
/// every run that waits, at the start of a large answer whose peak is bounded by its
/// length, and the rest of the run went on on a libdispatch worker. Here the main
/// thread runs the task's jobs itself, one at a time, and sleeps on a semaphore between
/// them; the run still starts no thread of its own (docs/design/0027-run-on-the-main-thread.md),
/// and what it hands to threads (transfers, streamed pages, several queries at once) it
/// still hands to them.
final class MainThreadExecutor: TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])
    /// One signal per job enqueued, and one when the task is done.
    private let ready = DispatchSemaphore(value: 0)

    private init() {}

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        ready.signal()
    }

    /// Runs `body` to its end on the calling thread (the main thread) and returns its result.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let executor = MainThreadExecutor()
        let result = Mutex<T?>(nil)
        Task(executorPreference: executor) {
            let value = await body()
            result.withLock { $0 = value }
            executor.ready.signal()
        }
        while true {
            executor.ready.wait()
            if let job = executor.jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
                job.runSynchronously(on: executor.asUnownedTaskExecutor())
            } else if let value = result.withLock({ $0 }) {
                return value
            }
        }
    }
}
