/// How often an FTS5 index merges its segments: sixteen at a time, where FTS5's
/// default (`automerge` 4) merges four.
///
/// FTS5 keeps its new terms in memory and writes them out as a new segment each
/// time they pass a MiB. With the default, the fourth segment of a level starts
/// a merge that rewrites all four, inside the writing transaction: a large NYT
/// answer writes several segments, so it paid for rewriting four of them before its
/// commit (figures in docs/design/0036-fts5-merging-and-answer-ids.md). Sixteen is FTS5's own `crisismerge`, the count at
/// which it merges a level whatever `automerge` says, so a level never holds more
/// than fifteen segments: a search reads at most that many per level, where it read
/// at most three, and a store rewrites each term about half as often over its life.
///
/// The setting is a row of the index's `_config` table, kept with the store, so it
/// is set once, by a migration:
///
///     Migration(4, sql: FTS5Merging.sql(for: "nyt_articles_fts"))
public enum FTS5Merging {
    /// Segments of one level merged together.
    public static let segments = 16

    /// The statement that sets it on the FTS5 table `table` (a provider's constant, never input).
    public static func sql(for table: String) -> String {
        "INSERT INTO \(table) (\(table), rank) VALUES ('automerge', \(segments));"
    }
}
