/// What one `apicli store sync` did: versions sent (and how many the database lacked), received.
struct SyncReport: Sendable, Equatable {
    var offered = 0
    var added = 0
    var received = 0
    var itemsUpdated = 0

    func line(_ database: String) -> String {
        "synced with \(database): sent \(offered) version\(offered == 1 ? "" : "s") (\(added) new to it), "
            + "received \(received) (\(itemsUpdated) item\(itemsUpdated == 1 ? "" : "s") updated)"
    }
}
