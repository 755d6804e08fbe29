import CSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A prepared statement. Finalized in `deinit`; never shared across threads.
///
/// Statements are cached by ``Database`` and reused, so every use goes through
/// ``withBindings(_:_:)``, which ends it with ``finish()`` (which resets and
/// drops the bound values): a cached statement never keeps a read transaction
/// open, nor a pointer to a value that is gone, between uses.
final class Statement {
    let handle: OpaquePointer
    let sql: String
    /// Whether the statement leaves the database unchanged (`sqlite3_stmt_readonly`).
    let isReadOnly: Bool
    let parameterCount: Int

    init(database: OpaquePointer, sql: String) throws(StoreError) {
        var handle: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let code = sql.withCString { text in
            let code = sqlite3_prepare_v3(database, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, &tail)
            // `tail` points into `text`; turn it into "is there anything left" before `text` goes away.
            if code == SQLITE_OK, let rest = tail {
                tail = String(cString: rest).allSatisfy(\.isWhitespace) ? nil : rest
            }
            return code
        }
        guard code == SQLITE_OK, let handle else {
            let message = code == SQLITE_OK ? "empty statement" : String(cString: sqlite3_errmsg(database))
            sqlite3_finalize(handle)
            throw .sqlite(code: code, message: message, sql: sql)
        }
        guard tail == nil else {
            // prepare compiles only the first statement; the rest would be silently skipped.
            sqlite3_finalize(handle)
            throw .misuse(reason: "one statement at a time; use executeScript for several")
        }
        self.handle = handle
        self.sql = sql
        self.isReadOnly = sqlite3_stmt_readonly(handle) != 0
        self.parameterCount = Int(sqlite3_bind_parameter_count(handle))
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `arguments` to `?1…?n`, runs `body` (the steps), and ends the use.
    ///
    /// The count must match the placeholders exactly: an unbound `?` would
    /// silently be NULL, which is how a forgotten value corrupts data quietly.
    ///
    /// Text and blobs are bound in place (`SQLITE_STATIC`), not copied: each
    /// value's bytes are lent for a scope that encloses the next value's binding
    /// and, innermost, `body` and ``finish()``, so every pointer SQLite holds
    /// stays valid while it can read it, and none is left once the use ends.
    /// Copying them (`SQLITE_TRANSIENT`) was a `malloc`, a `memcpy` and a `free`
    /// per value, a large part of what storing an article cost outside `sqlite3_step`
    /// (docs/design/0033-storing-rows.md).
    func withBindings<R>(_ arguments: [SQLValue], _ body: () throws(StoreError) -> R) throws(StoreError) -> R {
        // The previous use ended with `finish()`: nothing is bound and the statement is reset.
        guard arguments.count == parameterCount else {
            throw .misuse(reason: "\(parameterCount) placeholders but \(arguments.count) values")
        }
        do {
            return try bind(arguments, from: 0, then: body)
        } catch {
            finish()
            throw error
        }
    }

    /// Past this many values, the rest are copied: lending each one nests a scope, and a
    /// long `IN (?, ?, …)` list must not nest thousands of them on a thread's stack.
    static let lentValueLimit = 64

    private func bind<R>(
        _ arguments: [SQLValue], from index: Int, then body: () throws(StoreError) -> R
    ) throws(StoreError) -> R {
        guard index < arguments.count else {
            defer { finish() }
            return try body()
        }
        let position = Int32(index + 1)
        let lent: Result<R, StoreError>
        switch arguments[index] {
        case let .text(text) where index < Self.lentValueLimit:
            var text = text
            lent = text.withUTF8 { bytes in
                // Bound by byte count, so an embedded NUL is kept and "" stays "" (not NULL).
                let code = sqlite3_bind_text64(handle, position, Self.start(of: bytes), sqlite3_uint64(bytes.count), nil, UInt8(SQLITE_UTF8))
                return self.continuing(code) { () throws(StoreError) in try bind(arguments, from: index + 1, then: body) }
            }
        case let .blob(data) where index < Self.lentValueLimit && !data.isEmpty:
            lent = data.withUnsafeBytes { bytes in
                let code = sqlite3_bind_blob64(handle, position, bytes.baseAddress, sqlite3_uint64(bytes.count), nil)
                return self.continuing(code) { () throws(StoreError) in try bind(arguments, from: index + 1, then: body) }
            }
        case let value:
            let code = bindCopy(value, at: position)
            guard code == SQLITE_OK else { throw error(code) }
            return try bind(arguments, from: index + 1, then: body)
        }
        return try lent.get()
    }

    /// After binding one value: `rest` when SQLite took it, its error otherwise.
    private func continuing<R>(_ code: Int32, _ rest: () throws(StoreError) -> R) -> Result<R, StoreError> {
        guard code == SQLITE_OK else { return .failure(error(code)) }
        return Result { () throws(StoreError) -> R in try rest() }
    }

    /// A non-NULL start for `bytes`: a NULL pointer would bind NULL, and "" must stay "".
    static func start(of bytes: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar> {
        let pointer = UnsafeRawPointer(bytes.baseAddress) ?? UnsafeRawPointer(("" as StaticString).utf8Start)
        return pointer.assumingMemoryBound(to: CChar.self)
    }

    /// Binds a value SQLite copies (numbers, NULL, an empty blob, and text or blobs past ``lentValueLimit``).
    func bindCopy(_ value: SQLValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(handle, index)
        case let .integer(number):
            return sqlite3_bind_int64(handle, index, number)
        case let .real(number):
            return sqlite3_bind_double(handle, index, number)
        case let .text(text):
            var text = text
            return text.withUTF8 { bytes in
                sqlite3_bind_text64(
                    handle, index, Self.start(of: bytes), sqlite3_uint64(bytes.count), csqlite_transient(),
                    UInt8(SQLITE_UTF8))
            }
        case let .blob(data):
            // A NULL pointer would bind NULL: an empty blob must stay an empty blob.
            guard !data.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return data.withUnsafeBytes { bytes in
                sqlite3_bind_blob64(handle, index, bytes.baseAddress, sqlite3_uint64(bytes.count), csqlite_transient())
            }
        }
    }

    /// Steps once: true while a row is available.
    func step() throws(StoreError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw error(code)
        }
    }

    /// Ends one use: resets (releasing any read lock) and drops the bound values.
    func finish() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    var columnNames: [String] { ResultColumns.names(of: handle) }

    /// The current row's values.
    func currentValues() -> [SQLValue] { ResultColumns.values(of: handle) }

    func error(_ code: Int32) -> StoreError {
        let database = sqlite3_db_handle(handle)
        let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? "error \(code)"
        return .sqlite(code: code, message: message, sql: sql)
    }
}
