/// A provider that explains its tables, for `apicli store schema`, by
/// implementing ``Provider/tableNotes``: people write `apicli store sql`
/// queries from it.
///
/// The host lists every table and column the store actually has; these notes
/// add a line of meaning to each. A column without a note is still listed,
/// with its declared type, and the columns of a ``ResultSetTable`` are
/// explained by the host. ``Provider/tableNotes`` is a defaulted requirement
/// read on every provider, so nothing probes for this protocol; it stays as a
/// name for the capability, and so that existing conformances keep compiling.
public protocol SchemaDescribingProvider: Provider {}

/// What one table holds and what each of its columns means.
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
