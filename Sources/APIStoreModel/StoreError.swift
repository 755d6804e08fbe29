/// What can go wrong in the store, with enough context to act on.
///
/// Statement arguments are never part of the text: an error can be printed
/// without showing what was being written.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database file could not be opened or created; `code` is SQLite's
    /// extended result code, which ``problem`` classifies.
    case cannotOpen(path: String, reason: String, code: Int32)
    /// SQLite refused a statement; `code` is the extended result code.
    case sqlite(code: Int32, message: String, sql: String)
    /// The file was written by a newer apicli; nothing was changed.
    case newerSchema(owner: String, found: Int, known: Int)
    /// The file is another program's SQLite database (``why`` says how it was told); nothing was written.
    case foreign(path: String, why: String)
    /// A migration failed and was rolled back whole.
    case migrationFailed(owner: String, version: Int, reason: String)
    /// Another process held the write lock for longer than the busy timeout.
    case busy(path: String)
    /// The store was used in a way it does not allow (a write in a read
    /// transaction, a transaction used after its body returned, a value count
    /// that does not match the placeholders): a programming error, not data.
    case misuse(reason: String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason, _): "cannot open the store at \(path): \(reason)"
        case let .sqlite(code, message, _): "store error \(code): \(message)"
        case let .newerSchema(owner, found, known):
            "the store was written by a newer apicli (\(owner) schema \(found), this one knows \(known)); upgrade apicli or use another --db"
        case let .migrationFailed(owner, version, reason):
            "could not upgrade the store (\(owner) migration \(version)): \(reason); nothing was changed"
        case let .busy(path): "the store at \(path) stayed locked by another apicli; try again"
        case let .misuse(reason): "store misuse: \(reason)"
        case let .foreign(path, why):
            "the store at \(path) is another program's SQLite database (\(why)); it was left unchanged: "
                + "use --db or APICLI_DB to name an apicli store"
        }
    }
}
