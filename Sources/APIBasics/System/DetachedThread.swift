#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a thread that runs `body` once and ends: Foundation's
/// `Thread.detachNewThread`, on POSIX threads, without Foundation proper.
///
/// Why a thread and not a task: libcurl's multi loop blocks in `curl_multi_poll`,
/// and a blocked task would hold one of the cooperative pool's few threads.
public enum DetachedThread {
    /// Starts the thread; false when the system refused one (then `body` never runs).
    @discardableResult
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let started = pthread_create(&thread, nil, { raw in
            // `raw` is the retained box passed below; it is released here, once. (Optional
            // on Linux, not on Darwin: widened so that one closure fits both.)
            let context: UnsafeMutableRawPointer? = raw
            guard let context else { return nil }
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            body.run()
            return nil
        }, box)
        guard started == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            return false
        }
        #if canImport(Darwin)
        if let thread { pthread_detach(thread) }
        #else
        pthread_detach(thread)
        #endif
        return true
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
