/// One result row, with values by column name or position.
public struct Row: Sendable, Hashable {
    public let columns: [String]
    public let values: [SQLValue]

    public init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    /// The raw value of `column`, or `.null` when there is no such column.
    public subscript(column: String) -> SQLValue {
        guard let index = columns.firstIndex(of: column) else { return .null }
        return values[index]
    }

    public subscript(index: Int) -> SQLValue {
        values.indices.contains(index) ? values[index] : .null
    }

    /// The value of `column` as `T`, nil when absent, null, or not convertible.
    public func get<T: SQLConvertible>(_ column: String, as type: T.Type = T.self) -> T? {
        T(sql: self[column])
    }
}
