/// apicli's mark in a store's file header, so the look taken before every open
/// (``StoreFileProbe``) knows its own stores from their first 100 bytes.
///
/// Without it the look opened a second connection on every run to list the tables,
/// and SQLite parsed the whole schema for it, plus that connection's opens, locks and
/// `-shm` mapping: a large share of a short run such as `weather Paris --offline`
/// (docs/design/0026-start-up-from-the-store.md).
/// SQLite keeps a 32-bit "application ID" in the header (offset 68, big-endian;
/// `PRAGMA application_id`) for exactly this: telling a file's format from its header.
extension Store {
    /// `apic`: the application ID of every store apicli has opened for writing.
    public static let applicationID: Int32 = 0x6170_6963

    /// Marks the store with ``applicationID`` when it is not yet, and copies the mark
    /// into the main file at once.
    ///
    /// In WAL mode the header page changes in the WAL first, and the probe reads the
    /// main file only; a WAL kept between runs (`checkpointOnClose: false`) reaches it
    /// at the checkpoint of ``largeWALBytes``. So the mark is checkpointed when it is
    /// set, once in a store's life (a store made by an older apicli on its first run
    /// with this one, a new one when it is made). A passive checkpoint, without
    /// waiting: where a reader holds part of the WAL, the copy waits for a later
    /// checkpoint, and until then the probe reads the tables as before.
    static func mark(_ database: Database, inMemory: Bool) throws(StoreError) {
        guard !inMemory else { return }
        let current = try database.query("PRAGMA application_id", []).first?[0].int
        guard current != Int(applicationID) else { return }
        try database.executeScript("PRAGMA application_id = \(applicationID)")
        database.withoutWaiting {
            _ = try? database.query("PRAGMA wal_checkpoint(PASSIVE)", [])
        }
    }

    /// Whether a database file's first 100 bytes carry apicli's mark.
    static func isMarked(header: [UInt8]) -> Bool {
        guard header.count >= 72 else { return false }
        let value = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return Int32(bitPattern: value) == applicationID
    }
}
