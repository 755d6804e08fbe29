#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A harvest as the store keeps it (`apicli_harvest_jobs`, `apicli_harvest_slices`, docs/design/
/// 0272-harvest-jobs.md): what was asked, and each slice (a month, a date range) with its state,
/// attempts, items and last error. Every change is its own transaction, made after the slice's
/// answer was stored by the run that fetched it, so a killed harvest loses at most the slice in flight.
struct HarvestJob: Sendable {
    var id: Int64
    var provider: String
    /// The command line the harvest was started with, after `harvest`.
    var request: [String]
    var state: String
    var items: Int
    var lastError: String?
    var createdAt: Date
    /// A page harvest's newest value of its `--since-last` field so far (JSON text).
    var bookmark: String?
    /// The bookmark of the harvest it continues, at which it stops (JSON text).
    var since: String?

    struct Slice: Sendable {
        var key: String
        var position: Int
        var state: String
        var attempts: Int
        var items: Int
        var hits: Int?
        var lastError: String?
    }

    static func create(
        provider: String, request: [String], slices: [String], since: String? = nil, now: Date, in store: Store
    ) throws -> HarvestJob {
        let text = JSONValue.array(request.map(JSONValue.string)).serialized(pretty: false)
        let id = try store.write { tx -> Int64 in
            try tx.execute(
                "INSERT INTO apicli_harvest_jobs (provider, request, created_at, updated_at, state, since) VALUES (?, ?, ?, ?, 'running', ?)",
                [.text(provider), .text(text), .real(now.timeIntervalSince1970), .real(now.timeIntervalSince1970), since.map(SQLValue.text) ?? .null])
            let id = try tx.queryOne("SELECT last_insert_rowid()", [])?[0].int64 ?? 0
            for (position, slice) in slices.enumerated() {
                try tx.execute(
                    "INSERT INTO apicli_harvest_slices (job, slice, position, state) VALUES (?, ?, ?, 'pending')",
                    [.integer(id), .text(slice), .integer(Int64(position))])
            }
            return id
        }
        return HarvestJob(id: id, provider: provider, request: request, state: "running", items: 0, createdAt: now, since: since)
    }

    static func all(in store: Store) throws -> [HarvestJob] {
        try store.read { tx in
            try tx.query("SELECT \(columns) FROM apicli_harvest_jobs ORDER BY id", [])
                .map(job)
        }
    }

    static func load(_ id: Int64, in store: Store) throws -> HarvestJob? {
        try store.read { tx in
            try tx.queryOne(
                "SELECT \(columns) FROM apicli_harvest_jobs WHERE id = ?", [.integer(id)]
            ).map(job)
        }
    }

    private static let columns = "id, provider, request, state, items, last_error, created_at, bookmark, since"

    private static func job(_ row: Row) -> HarvestJob {
        var request: [String] = []
        if let text = row[2].string, case let .array(words)? = try? JSONValue.parse(Data(text.utf8)) {
            request = words.compactMap { word -> String? in
                guard case let .string(text) = word else { return nil }
                return text
            }
        }
        return HarvestJob(
            id: row[0].int64 ?? 0, provider: row[1].string ?? "", request: request, state: row[3].string ?? "",
            items: row[4].int ?? 0, lastError: row[5].string, createdAt: Date(timeIntervalSince1970: row[6].double ?? 0),
            bookmark: row[7].string, since: row[8].string)
    }

    func slices(in store: Store) throws -> [Slice] {
        try store.read { tx in
            try tx.query(
                "SELECT slice, position, state, attempts, items, hits, last_error FROM apicli_harvest_slices WHERE job = ? ORDER BY position",
                [.integer(id)]
            ).map { row in
                Slice(
                    key: row[0].string ?? "", position: row[1].int ?? 0, state: row[2].string ?? "", attempts: row[3].int ?? 0,
                    items: row[4].int ?? 0, hits: row[5].int, lastError: row[6].string)
            }
        }
    }

    /// Marks a slice done with its items, and adds them to the job's, in one transaction.
    func finish(_ slice: String, items: Int, now: Date, in store: Store) throws {
        try store.write { tx in
            try tx.execute(
                "UPDATE apicli_harvest_slices SET state = 'done', items = ?, attempts = attempts + 1, last_error = NULL WHERE job = ? AND slice = ? AND state != 'done'",
                [.integer(Int64(items)), .integer(id), .text(slice)])
            try tx.execute(
                "UPDATE apicli_harvest_jobs SET items = (SELECT COALESCE(SUM(items), 0) FROM apicli_harvest_slices WHERE job = ?1), updated_at = ?2 WHERE id = ?1",
                [.integer(id), .real(now.timeIntervalSince1970)])
        }
    }

    /// Marks a page done with its items, adds the page after it (`next`) when there is one, and keeps
    /// the job's bookmark, in one transaction: a killed harvest resumes at the page in flight.
    func finishPage(_ slice: String, items: Int, next: String?, bookmark: String?, now: Date, in store: Store) throws {
        try store.write { tx in
            try tx.execute(
                "UPDATE apicli_harvest_slices SET state = 'done', items = ?, attempts = attempts + 1, last_error = NULL WHERE job = ? AND slice = ? AND state != 'done'",
                [.integer(Int64(items)), .integer(id), .text(slice)])
            if let next {
                try tx.execute(
                    """
                    INSERT OR IGNORE INTO apicli_harvest_slices (job, slice, position, state)
                    VALUES (?1, ?2, (SELECT COALESCE(MAX(position), -1) + 1 FROM apicli_harvest_slices WHERE job = ?1), 'pending')
                    """,
                    [.integer(id), .text(next)])
            }
            try tx.execute(
                "UPDATE apicli_harvest_jobs SET items = (SELECT COALESCE(SUM(items), 0) FROM apicli_harvest_slices WHERE job = ?1), updated_at = ?2, bookmark = COALESCE(?3, bookmark) WHERE id = ?1",
                [.integer(id), .real(now.timeIntervalSince1970), bookmark.map(SQLValue.text) ?? .null])
        }
    }

    /// Records a failed attempt; after `limit` attempts the slice is failed for good.
    func fail(_ slice: String, reason: String, limit: Int, now: Date, in store: Store) throws -> Bool {
        try store.write { tx -> Bool in
            try tx.execute(
                "UPDATE apicli_harvest_slices SET attempts = attempts + 1, last_error = ? WHERE job = ? AND slice = ?",
                [.text(reason), .integer(id), .text(slice)])
            let attempts = try tx.queryOne(
                "SELECT attempts FROM apicli_harvest_slices WHERE job = ? AND slice = ?", [.integer(id), .text(slice)])?[0].int ?? 0
            let failed = attempts >= limit
            if failed {
                try tx.execute("UPDATE apicli_harvest_slices SET state = 'failed' WHERE job = ? AND slice = ?", [.integer(id), .text(slice)])
            }
            try tx.execute(
                "UPDATE apicli_harvest_jobs SET last_error = ?, updated_at = ? WHERE id = ?",
                [.text(slice + ": " + reason), .real(now.timeIntervalSince1970), .integer(id)])
            return failed
        }
    }

    /// Adds slices in place of one (a date range split in two), and removes it.
    func split(_ slice: String, into parts: [String], hits: Int, in store: Store) throws {
        try store.write { tx in
            let position = try tx.queryOne(
                "SELECT position FROM apicli_harvest_slices WHERE job = ? AND slice = ?", [.integer(id), .text(slice)])?[0].int ?? 0
            try tx.execute("DELETE FROM apicli_harvest_slices WHERE job = ? AND slice = ?", [.integer(id), .text(slice)])
            try tx.execute(
                "UPDATE apicli_harvest_slices SET position = position + ? WHERE job = ? AND position > ?",
                [.integer(Int64(parts.count - 1)), .integer(id), .integer(Int64(position))])
            for (offset, part) in parts.enumerated() {
                try tx.execute(
                    "INSERT INTO apicli_harvest_slices (job, slice, position, state) VALUES (?, ?, ?, 'pending')",
                    [.integer(id), .text(part), .integer(Int64(position + offset))])
            }
        }
    }

    func setHits(_ slice: String, hits: Int, in store: Store) throws {
        try store.write { tx in
            try tx.execute("UPDATE apicli_harvest_slices SET hits = ? WHERE job = ? AND slice = ?", [.integer(Int64(hits)), .integer(id), .text(slice)])
        }
    }

    func setState(_ state: String, now: Date, in store: Store) throws {
        try store.write { tx in
            try tx.execute("UPDATE apicli_harvest_jobs SET state = ?, updated_at = ? WHERE id = ?", [.text(state), .real(now.timeIntervalSince1970), .integer(id)])
        }
    }
}
