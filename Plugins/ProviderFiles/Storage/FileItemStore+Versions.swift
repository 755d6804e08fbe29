import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An item's versions (engine migration 4, docs/design/0260-item-versions.md): a row in
/// `provider_files_item_versions` each time a fetch brings JSON the item did not have,
/// with the fetch time and the answer's key. The content is the item's JSON as stored
/// (serialised compactly, keys in the API's order), and its hash is that text's.
extension FileItemStore {
    /// The hash of an item's stored JSON text.
    static func contentHash(of json: String) -> Int64 {
        var hash = VersionHash()
        hash.text(json)
        return hash.value
    }

    /// Only `fetched_at` of a stored item whose hash is `?4`; returns its searchable text.
    static let touchUnchanged =
        "UPDATE provider_files_items SET fetched_at = ?1 WHERE provider = ?2 AND item_id = ?3 AND content_hash = ?4 "
        + "RETURNING search_text"

    /// A version of the item stored as row `num` `?2`, brought by the answer `?1`.
    static let insertVersionByNum =
        "INSERT INTO provider_files_item_versions (provider, item_id, fetched_at, hash, query_key, json) "
        + "SELECT provider, item_id, fetched_at, content_hash, ?, json FROM provider_files_items WHERE num = ?"

    /// A version of the provider `?2`'s item `?3` as now stored, brought by the answer `?1`.
    static let insertVersionByID =
        "INSERT INTO provider_files_item_versions (provider, item_id, fetched_at, hash, query_key, json) "
        + "SELECT provider, item_id, fetched_at, content_hash, ?, json FROM provider_files_items "
        + "WHERE provider = ? AND item_id = ?"

    /// Migration 4's data step: each stored item's hash, and its row as its first version.
    static func migrateToVersions(_ transaction: any StoreTransaction) throws {
        var hashes: [(Int64, Int64)] = []
        try transaction.forEachRow("SELECT num, json FROM provider_files_items", []) { row in
            guard let num = row[0].int64, let json = row[1].string else { return }
            hashes.append((num, contentHash(of: json)))
        }
        for (num, hash) in hashes {
            try transaction.execute(
                "UPDATE provider_files_items SET content_hash = ? WHERE num = ?", [.integer(hash), .integer(num)])
        }
        try transaction.execute(
            "INSERT INTO provider_files_item_versions (provider, item_id, fetched_at, hash, query_key, json) "
                + "SELECT provider, item_id, fetched_at, content_hash, NULL, json FROM provider_files_items ORDER BY num")
    }
}

/// `--offline --as-of TIME` (docs/design/0263-as-of.md): the stored answer's items as each
/// was then, its latest version fetched by that time; an item with none by then is left out.
extension FileItemStore {
    static let versionAsOf =
        "SELECT item_id, json, fetched_at FROM provider_files_item_versions WHERE provider = ?1 AND item_id = ?2 "
        + "AND fetched_at <= ?3 ORDER BY fetched_at DESC, num DESC LIMIT 1"

    /// `rows` (`item_id`, `json`, `fetched_at`) each replaced by its version current at `time`.
    func versions(of rows: [Row], asOf time: Date) throws -> [Row] {
        try rows.compactMap { row in
            guard let id = row.get("item_id", as: String.self) else { return nil }
            return try transaction.queryOne(Self.versionAsOf, [.text(provider), .text(id), time.sql])
        }
    }
}
