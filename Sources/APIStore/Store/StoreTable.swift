/// One table of the store as `apicli store info` lists it.
public struct StoreTable: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// An ordinary table.
        case table
        /// A virtual table (FTS5): its rows mirror another table's, and its
        /// shadow tables (`<name>_data`, `<name>_idx`…) are not listed.
        case virtual
        /// A view: rows another table holds, read as rows of their own (NYT's
        /// `nyt_query_results`, each answer's ids). Counted as a provider's rows, as the
        /// table it replaced was; never cleared itself (clearing its table empties it).
        case view
    }

    public var name: String
    public var kind: Kind
    public var rows: Int

    public init(name: String, kind: Kind, rows: Int) {
        self.name = name
        self.kind = kind
        self.rows = rows
    }
}
