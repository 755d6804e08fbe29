#if canImport(CPostgresShim)
import CPostgresShim
#endif

/// One connection to a PostgreSQL database through libpq, opened with dlopen on first use.
///
/// Not `Sendable`: a libpq connection is used by one thread at a time. It closes in
/// `deinit`. Every value is sent as a parameter (`$1`), never spliced into the text, and
/// every message it throws has been through ``PostgresRedaction``.
public final class PostgresConnection {
    #if canImport(CPostgresShim)
    private let handle: OpaquePointer
    #endif
    private let redaction: PostgresRedaction

    /// Connects to `url`. `password`, when given, is passed to libpq as a keyword of its own,
    /// never put in the URL, so it cannot appear where libpq quotes the URL. `application` is
    /// what `pg_stat_activity` shows.
    public init(url: DatabaseURL, password: String?, application: String = "apicli", connectTimeout: Int = 10) throws {
        redaction = PostgresRedaction(password: password ?? url.password)
        #if canImport(CPostgresShim)
        if let problem = apicli_pq_load() { throw PostgresError(.library, String(cString: problem)) }
        var pairs: [(String, String)] = [("dbname", url.text)]
        if let password { pairs.append(("password", password)) }
        pairs += [
            ("application_name", application), ("connect_timeout", String(connectTimeout)),
            ("client_encoding", "UTF8"),
        ]
        let connection: OpaquePointer? = Self.withCStrings(pairs.map(\.0)) { keywords in
            Self.withCStrings(pairs.map(\.1)) { values in apicli_pq_connect(keywords, values) }
        }
        guard let connection else { throw PostgresError(.connection, "libpq could not allocate a connection") }
        guard apicli_pq_status(connection) == CONNECTION_OK else {
            let text = String(cString: apicli_pq_error_message(connection))
            apicli_pq_finish(connection)
            throw Self.connectionError(redaction.clean(text))
        }
        handle = connection
        #else
        throw PostgresError(.library, "this build of apicli cannot reach PostgreSQL (it was built without libpq's header)")
        #endif
    }

    deinit {
        #if canImport(CPostgresShim)
        apicli_pq_finish(handle)
        #endif
    }

    /// Runs one statement with `parameters` as `$1`, `$2`…; a nil parameter is SQL NULL.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [String?] = []) throws -> PostgresResult {
        #if canImport(CPostgresShim)
        let result: OpaquePointer? = Self.withOptionalCStrings(parameters) { values in
            apicli_pq_exec_params(handle, sql, Int32(parameters.count), values)
        }
        guard let result else {
            throw Self.connectionError(redaction.clean(String(cString: apicli_pq_error_message(handle))))
        }
        defer { apicli_pq_clear(result) }
        switch apicli_pq_result_status(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return Self.copy(result)
        default:
            // The primary message and its detail, without the "ERROR:" label and the caret drawing.
            let field = { (code: Character) in
                apicli_pq_result_error_field(result, Int32(code.asciiValue ?? 0)).map { String(cString: $0) }
            }
            let whole = String(cString: apicli_pq_result_error_message(result))
            let message = redaction.clean(field("M").map { primary in field("D").map { primary + " (" + $0 + ")" } ?? primary } ?? whole)
            guard let state = apicli_pq_result_error_field(result, Int32(UInt8(ascii: "C"))) else {
                throw PostgresError(.connection, message.isEmpty ? "the connection to PostgreSQL was lost" : message)
            }
            throw PostgresError(.statement(state: String(cString: state)), message)
        }
        #else
        throw PostgresError(.library, "this build of apicli cannot reach PostgreSQL")
        #endif
    }

    /// Runs `body` in a transaction (`BEGIN` with `mode`, e.g. `READ ONLY`): committed when it
    /// returns, rolled back when it throws, so a batch is written whole or not at all.
    public func transaction<T>(_ mode: String = "", _ body: () throws -> T) throws -> T {
        try execute(mode.isEmpty ? "BEGIN" : "BEGIN " + mode)
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }

    /// What stops this connection's running statement from another thread (Ctrl-C).
    public func canceller() -> PostgresCanceller {
        #if canImport(CPostgresShim)
        PostgresCanceller(apicli_pq_get_cancel(handle))
        #else
        PostgresCanceller()
        #endif
    }

    /// The server's version, as `150004` for 15.4.
    public var serverVersion: Int {
        #if canImport(CPostgresShim)
        Int(apicli_pq_server_version(handle))
        #else
        0
        #endif
    }

    /// A failed connection: the server's refusal of a password or user, else unreachable.
    static func connectionError(_ message: String) -> PostgresError {
        let refused = ["password authentication failed", "no password supplied", "authentication failed", "role \""]
        if refused.contains(where: { message.containsLiteral($0) }) { return PostgresError(.authentication, message) }
        if message.containsLiteral("invalid URI") || message.containsLiteral("invalid connection option")
            || message.containsLiteral("missing \"=\"") || message.containsLiteral("invalid integer value")
        {
            return PostgresError(.address, message)
        }
        return PostgresError(.connection, message.isEmpty ? "could not connect to PostgreSQL" : message)
    }

    #if canImport(CPostgresShim)
    private static func copy(_ result: OpaquePointer) -> PostgresResult {
        let rowCount = Int(apicli_pq_ntuples(result))
        let columnCount = Int(apicli_pq_nfields(result))
        var copied = PostgresResult()
        copied.columns = (0..<columnCount).map { String(cString: apicli_pq_fname(result, Int32($0))) }
        copied.types = (0..<columnCount).map { UInt32(apicli_pq_ftype(result, Int32($0))) }
        copied.rows.reserveCapacity(rowCount)
        for row in 0..<rowCount {
            copied.rows.append((0..<columnCount).map { column -> String? in
                if apicli_pq_getisnull(result, Int32(row), Int32(column)) != 0 { return nil }
                return String(cString: apicli_pq_getvalue(result, Int32(row), Int32(column)))
            })
        }
        copied.affected = Int(String(cString: apicli_pq_cmd_tuples(result))) ?? 0
        return copied
    }
    #endif

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        withOptionalCStrings(strings + [nil]) { body($0) }
    }

    /// `strings` as a C array of C strings (NULL for nil), alive for `body`.
    private static func withOptionalCStrings<R>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        let copies: [UnsafeMutablePointer<CChar>?] = strings.map { text in
            guard let text else { return nil }
            let bytes = Array(text.utf8CString)
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
            copy.initialize(from: bytes, count: bytes.count)
            return copy
        }
        defer { for copy in copies { copy?.deallocate() } }
        let pointers = copies.map { UnsafePointer($0) }
        // An empty array may have no base address: libpq reads nothing from it then.
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
