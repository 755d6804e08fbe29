import CSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

/// How every read-only connection to a store is opened: ``Store`` with `readOnly`
/// (`--offline`, `store info`, `store check`) and ``ReadOnlyConnection`` (`store sql`,
/// `store schema`) go through here, so a store one of them can read, all can.
///
/// First plainly, `SQLITE_OPEN_READONLY`: shared locks, and a live WAL is read, so a
/// writer in another process is seen consistently. A WAL store needs its `-shm` file
/// for that; when it is missing and cannot be created (the folder cannot be written),
/// nothing can be writing the store either (a writer would have created it), so the
/// file is opened again as `immutable`: no locks, no `-shm`, nothing created.
///
/// SQLite opens files lazily, so the first read is made here: an error that would only
/// show at the first query (the `-shm` that cannot be made) is met while a fallback
/// is still possible.
enum ReadOnlyOpening {
    /// A connection to the existing file at `path` that cannot write, or the error
    /// of the plain attempt when the immutable one fails too.
    static func open(_ path: String, threading: Int32) throws(StoreError) -> OpaquePointer {
        do {
            return try attempt(path, flags: SQLITE_OPEN_READONLY | threading, name: path)
        } catch where [SQLITE_READONLY, SQLITE_IOERR, SQLITE_CANTOPEN].contains(error.primaryCode)
            && FileManager.default.fileExists(atPath: path)
        {
            do {
                return try attempt(path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | threading, name: immutableURI(path))
            } catch let second {
                // Only a file that is not a database at all says more the second time.
                throw second.primaryCode == SQLITE_NOTADB || second.primaryCode == SQLITE_CORRUPT ? second : error
            }
        }
    }

    /// `file:` URI for `path` with `immutable=1`; the characters a URI gives meaning to are escaped.
    static func immutableURI(_ path: String) -> String {
        let absolute = path.startsWithLiteral("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        // `?`, `#` and `%` are not in the path set, so they are escaped too.
        return "file:" + PercentCoding.encode(absolute, keeping: PercentCoding.isPathAllowed) + "?immutable=1"
    }

    private static func attempt(_ path: String, flags: Int32, name: String) throws(StoreError) -> OpaquePointer {
        SQLiteLibrary.prepare()
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(name, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "error \(code)"
            let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
            sqlite3_close_v2(handle)
            throw .cannotOpen(path: path, reason: reason, code: extended)
        }
        sqlite3_extended_result_codes(handle, 1)
        guard sqlite3_exec(handle, "SELECT COUNT(*) FROM sqlite_master", nil, nil, nil) == SQLITE_OK else {
            let failure = StoreError.cannotOpen(
                path: path, reason: String(cString: sqlite3_errmsg(handle)), code: sqlite3_extended_errcode(handle))
            sqlite3_close_v2(handle)
            throw failure
        }
        return handle
    }
}

extension StoreError {
    /// SQLite's primary result code (the low byte), or 0 for errors that are not SQLite's.
    var primaryCode: Int32 {
        switch self {
        case let .cannotOpen(_, _, code), let .sqlite(code, _, _): code & 0xFF
        default: 0
        }
    }
}
