import CSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A prepared statement. Finalized in `deinit`; never shared across threads.
///
/// Statements are cached by ``Database`` and reused, so every use goes through
/// ``bind(_:)`` (which resets first) and ends with ``finish()`` (which resets
/// and drops the bound values): a cached statement never keeps a read
/// transaction open, nor a copy of a large body alive, between uses.
final class Statement {
    let handle: OpaquePointer
    let sql: String
    /// Whether the statement leaves the database unchanged (`sqlite3_stmt_readonly`).
    let isReadOnly: Bool
    private let parameterCount: Int

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

    /// Resets the statement and binds `arguments` to `?1…?n`.
    ///
    /// The count must match the placeholders exactly: an unbound `?` would
    /// silently be NULL, which is how a forgotten value corrupts data quietly.
    func bind(_ arguments: [SQLValue]) throws(StoreError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard arguments.count == parameterCount else {
            throw .misuse(reason: "\(parameterCount) placeholders but \(arguments.count) values")
        }
        for (offset, value) in arguments.enumerated() {
            let code = bind(value, at: Int32(offset + 1))
            guard code == SQLITE_OK else { throw error(code) }
        }
    }

    private func bind(_ value: SQLValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(handle, index)
        case let .integer(number):
            return sqlite3_bind_int64(handle, index, number)
        case let .real(number):
            return sqlite3_bind_double(handle, index, number)
        case let .text(text):
            // Bound by byte count, so an embedded NUL is kept and "" stays "" (not NULL).
            var text = text
            return text.withUTF8 { bytes in
                let pointer = UnsafeRawPointer(bytes.baseAddress) ?? UnsafeRawPointer(("" as StaticString).utf8Start)
                return sqlite3_bind_text64(
                    handle, index, pointer.assumingMemoryBound(to: CChar.self), sqlite3_uint64(bytes.count),
                    csqlite_transient(), UInt8(SQLITE_UTF8))
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

    /// Ends one use: resets (releasing any read lock) and drops the bound copies.
    func finish() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    var columnNames: [String] { ResultColumns.names(of: handle) }

    /// The current row's values.
    func currentValues() -> [SQLValue] { ResultColumns.values(of: handle) }

    private func error(_ code: Int32) -> StoreError {
        let database = sqlite3_db_handle(handle)
        let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? "error \(code)"
        return .sqlite(code: code, message: message, sql: sql)
    }
}
