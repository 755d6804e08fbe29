import CSQLite
import Foundation

/// A prepared statement. Finalized in `deinit`; never shared across threads.
final class Statement {
    let handle: OpaquePointer
    let sql: String

    init(database: OpaquePointer, sql: String) throws(StoreError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw .sqlite(code: code, message: String(cString: sqlite3_errmsg(database)), sql: sql)
        }
        self.handle = handle
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `arguments` to `?1…?n`.
    func bind(_ arguments: [SQLValue]) throws(StoreError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case let .integer(number): code = sqlite3_bind_int64(handle, index, number)
            case let .real(number): code = sqlite3_bind_double(handle, index, number)
            case let .text(text): code = sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
            case let .blob(data):
                code = data.withUnsafeBytes { bytes in
                    sqlite3_bind_blob64(handle, index, bytes.baseAddress, sqlite3_uint64(bytes.count), csqlite_transient())
                }
            }
            guard code == SQLITE_OK else { throw error(code) }
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

    var columnNames: [String] {
        (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    /// The current row's values.
    func currentValues() -> [SQLValue] {
        (0..<sqlite3_column_count(handle)).map { column in
            switch sqlite3_column_type(handle, column) {
            case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
            case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
            case SQLITE_TEXT:
                guard let text = sqlite3_column_text(handle, column) else { return .null }
                return .text(String(cString: text))
            case SQLITE_BLOB:
                let count = Int(sqlite3_column_bytes(handle, column))
                guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return .blob(Data()) }
                return .blob(Data(bytes: bytes, count: count))
            default: return .null
            }
        }
    }

    private func error(_ code: Int32) -> StoreError {
        let database = sqlite3_db_handle(handle)
        let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? "error \(code)"
        return .sqlite(code: code, message: message, sql: sql)
    }
}
