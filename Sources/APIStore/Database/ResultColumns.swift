import CSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the columns of a prepared statement's current row. The one place that
/// turns SQLite's storage classes into ``SQLValue``s, so the store's own
/// statements and `apicli store sql`'s read-only connection cannot read a value
/// two ways.
enum ResultColumns {
    /// The result's column names, in order; known once the statement is compiled.
    static func names(of statement: OpaquePointer) -> [String] {
        (0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_name(statement, $0)) }
    }

    /// Every column of the row `statement` has just stepped to.
    static func values(of statement: OpaquePointer) -> [SQLValue] {
        (0..<sqlite3_column_count(statement)).map { value(of: statement, at: $0) }
    }

    /// The column's value, a text or blob longer than `maxBytes` not read past it: the text
    /// cut at a character's start, a blob left out (empty), and the value's whole length beside it.
    /// Only what is kept is copied, however long the value SQLite holds.
    static func value(of statement: OpaquePointer, at column: Int32, keeping maxBytes: Int) -> (value: SQLValue, cutFrom: Int?) {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            return count > maxBytes ? (.blob(Data()), count) : (value(of: statement, at: column), nil)
        case SQLITE_TEXT:
            // The text first, then its length in UTF-8 bytes, as SQLite asks.
            guard let text = sqlite3_column_text(statement, column) else { return (.text(""), nil) }
            let count = Int(sqlite3_column_bytes(statement, column))
            var end = min(count, maxBytes)
            // Back to the start of a character: UTF-8 continuation bytes are 10xxxxxx.
            if end < count { while end > 0, text[end] & 0xC0 == 0x80 { end -= 1 } }
            return (.text(String(decoding: UnsafeBufferPointer(start: text, count: end), as: UTF8.self)), end < count ? count : nil)
        default:
            return (value(of: statement, at: column), nil)
        }
    }

    static func value(of statement: OpaquePointer, at column: Int32) -> SQLValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            // By byte count, not up to the first NUL.
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            // An empty blob comes back as a NULL pointer; it is still an empty blob, not NULL.
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }
}
