/// What one table holds and what each of its columns means: a provider's
/// ``Capabilities/tableNotes``, which `apicli store schema` adds to the tables and
/// columns the store actually has, so people can write `apicli store sql` queries.
public struct TableNote: Sendable, Hashable {
    public var table: String
    public var meaning: String
    /// Column name → one line of meaning.
    public var columns: [String: String]

    public init(_ table: String, _ meaning: String, columns: [String: String] = [:]) {
        self.table = table
        self.meaning = meaning
        self.columns = columns
    }
}
