#if canImport(CPostgresShim)
import CPostgresShim
#endif

/// Asks the server to stop a connection's running statement, from any thread.
///
/// `Sendable` although it holds a pointer: libpq documents `PQcancel` as safe to call from
/// another thread (even a signal handler) with a `PGcancel` made beforehand on the
/// connection's own thread, which ``PostgresConnection/canceller()`` does.
public final class PostgresCanceller: @unchecked Sendable {
    #if canImport(CPostgresShim)
    private let cancel: OpaquePointer?

    init(_ cancel: OpaquePointer?) {
        self.cancel = cancel
    }

    deinit {
        if let cancel { apicli_pq_free_cancel(cancel) }
    }

    /// Sends the request; the statement then fails with SQLSTATE 57014.
    public func send() {
        if let cancel { _ = apicli_pq_send_cancel(cancel) }
    }
    #else
    init() {}

    public func send() {}
    #endif
}
