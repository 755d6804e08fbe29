import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C for a command that must stop cleanly (a query cancelled, a half-written file
/// removed) rather than be killed. SIGINT is ignored from the start and handed to
/// `onInterrupt` by a dispatch signal source; the body starts only once that source is
/// registered. libdispatch registers a source asynchronously, on its own thread, and on a
/// loaded machine that can come after a short command has ended: until then a Ctrl-C would be
/// ignored, not handled.
enum CtrlC {
    /// How long to wait for the source's registration before running the body anyway.
    static let registrationBound: DispatchTimeInterval = .seconds(5)

    static func handled<R>(by onInterrupt: @escaping @Sendable () -> Void, _ body: () throws -> R) throws -> R {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let registered = DispatchSemaphore(value: 0)
        source.setRegistrationHandler { registered.signal() }
        source.setEventHandler(handler: onInterrupt)
        source.resume()
        _ = registered.wait(timeout: .now() + registrationBound)
        defer {
            source.cancel()
            signal(SIGINT, SIG_DFL)
        }
        return try body()
    }
}
