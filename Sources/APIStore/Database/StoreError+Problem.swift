import CSQLite

extension StoreError {
    /// What is wrong with the store, in the terms a user can act on; the host words
    /// the message and picks the exit code from it.
    public enum Problem: Sendable, Hashable {
        /// The file is not an SQLite database at all (`SQLITE_NOTADB`).
        case notADatabase
        /// The file is an SQLite database whose pages are damaged (`SQLITE_CORRUPT`).
        case damaged
        /// The file or its folder cannot be written (`SQLITE_READONLY`).
        case readOnly
        /// The operating system failed to read, write or open the file, or the disk is full.
        case inputOutput
        /// Another process kept the write lock past the busy timeout.
        case busy
        /// A store from a newer apicli.
        case newerSchema
        /// Another program's database, left as it was.
        case foreign
        /// Anything else: a programming error or an unexpected SQLite answer.
        case other
    }

    /// The class of this error, from SQLite's primary result code.
    public var problem: Problem {
        switch self {
        case .busy: return .busy
        case .newerSchema: return .newerSchema
        case .foreign: return .foreign
        case .misuse, .migrationFailed: return .other
        case let .cannotOpen(_, _, code), let .sqlite(code, _, _):
            switch code & 0xFF {
            case SQLITE_NOTADB: return .notADatabase
            case SQLITE_CORRUPT: return .damaged
            case SQLITE_READONLY: return .readOnly
            case SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_FULL, SQLITE_PERM: return .inputOutput
            case SQLITE_BUSY, SQLITE_LOCKED: return .busy
            default: return .other
            }
        }
    }
}
