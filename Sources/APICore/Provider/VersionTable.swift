/// A table of item versions, said as data so that `apicli store sync` can send its rows to
/// a team database and write rows others sent into it, with no special case in the host
/// (docs/design/0290-a-team-archive-in-postgresql.md).
///
/// Every column but `num`, `fetched_at`, `hash`, `query_key` and ``content`` names the item
/// (`article_id`; `city_key`, `units`, `lang`, `dt`): the sync carries them as they are, so
/// a pulled version lands in the same columns it left.
public struct VersionTable: Sendable, Hashable {
    /// The table, `<owner>_…_versions`.
    public var table: String
    /// SQL over one of its rows that gives the item's id, as the owner's `<owner>_versions`
    /// view shows it (`article_id`, `'forecast/' || city_key || …`).
    public var item: String
    /// The column that holds the content (`content`, or `json` for provider files).
    public var content: String
    /// SQL over one of its rows (aliased `v`) that gives the text the owner's full-text
    /// index holds for the item, so that the team database indexes the same words; nil
    /// when the owner has no full-text index for it.
    public var searchText: String?
    /// How a version pulled from the team database becomes the item's row, when the
    /// owner's rows can be rebuilt from a version's content alone; nil when they cannot
    /// (the version is kept, and `history`, `--as-of` and `store sql` see it).
    public var latest: LatestRow?
    /// Statements that rebuild the owner's item rows from its versions, for owners whose rows
    /// need more than one version's content (a forecast's steps, in order): run in the pull's
    /// transaction after a batch wrote versions into ``table``, with `?1` the lowest `num`
    /// written by that batch, so that `--offline` reads what was received.
    public var rebuild: [String]

    public init(
        table: String, item: String, content: String = "content", searchText: String? = nil, latest: LatestRow? = nil,
        rebuild: [String] = []
    ) {
        self.table = table
        self.item = item
        self.content = content
        self.searchText = searchText
        self.latest = latest
        self.rebuild = rebuild
    }

    /// An item's row rebuilt from a version whose content is a JSON object of the row's
    /// columns: each of the table's columns found in the content takes its value, the
    /// version's fetch time goes to `fetched_at` and its hash to ``hashColumn``. A version
    /// replaces the row only when it was fetched later than the row was.
    public struct LatestRow: Sendable, Hashable {
        /// The items' table (`nyt_articles`).
        public var table: String
        /// Its unique key, columns that the content holds (`id`).
        public var key: [String]
        /// The column that holds the latest version's hash.
        public var hashColumn: String

        public init(table: String, key: [String], hashColumn: String = "content_hash") {
            self.table = table
            self.key = key
            self.hashColumn = hashColumn
        }
    }
}
