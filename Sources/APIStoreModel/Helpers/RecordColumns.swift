/// A record's optional fields and the table columns that hold them, declared
/// once: the column names for the statement, the values to bind, and the way
/// back from a row all follow from the one list, so they cannot drift apart.
///
///     static var columns: RecordColumns<Story> {
///         RecordColumns([.init("title", \.title), .init("score", \.score), .init("url", \.url)])
///     }
///     static let insert = SQLStatement.insert(into: "hn_stories", columns: ["id"] + columns.names)
///     try transaction.execute(insert, [story.id.sql] + Self.columns.values(of: story))
///     var story = Story(id: id); Self.columns.read(row, into: &story)
///
/// Each field is an optional `SQLConvertible` (`String?`, `Int64?`, ``NumberValue``?…):
/// nil is stored as NULL and NULL reads back as nil. Fields a record cannot do
/// without (its id, its time) stay explicit, beside the list. Declare the list as
/// a computed `static var`: key paths are not `Sendable`, so it cannot be a `static let`.
///
/// A list read on every start (a forecast read back for `--offline`) names each field
/// with a getter and a setter instead (`.init("temp", get: { $0.temperature }, set: {
/// $0.temperature = $1 })`): the runtime builds each key path object the first time it
/// is used, a noticeable part of such a short run for a few dozen of them.
public struct RecordColumns<Record> {
    /// One column and the field it holds.
    public struct Column {
        public let name: String
        @usableFromInline let value: (Record) -> SQLValue
        @usableFromInline let assign: (inout Record, SQLValue) -> Void

        public init<Value: SQLConvertible>(_ name: String, _ field: WritableKeyPath<Record, Value?>) {
            self.name = name
            value = { $0[keyPath: field].sql }
            assign = { record, value in record[keyPath: field] = Value(sql: value) }
        }

        /// The field read by `get` and written by `set`: what a key path does, without one.
        ///
        /// Inlinable so that the closures are made in the provider's module for its concrete
        /// `Value`: generic here, each assignment looked up the metadata of `Value?` at run
        /// time, hundreds of times for a forecast read back.
        @inlinable public init<Value: SQLConvertible>(
            _ name: String, get: @escaping (Record) -> Value?, set: @escaping (inout Record, Value?) -> Void
        ) {
            self.name = name
            value = { get($0).sql }
            assign = { record, value in set(&record, Value(sql: value)) }
        }
    }

    public let columns: [Column]

    public init(_ columns: [Column]) {
        self.columns = columns
    }

    /// The column names, in order: for `INSERT` and `SELECT` lists.
    @inlinable public var names: [String] { columns.map { $0.name } }

    /// The values of `record`'s fields, in the order of ``names``.
    public func values(of record: Record) -> [SQLValue] {
        columns.map { $0.value(record) }
    }

    /// Sets every listed field of `record` from the row's column of the same name.
    public func read(_ row: Row, into record: inout Record) {
        for column in columns {
            column.assign(&record, row[column.name])
        }
    }

    /// Sets every listed field of `record` from the row's values at `offset`, `offset + 1`, …:
    /// for a `SELECT` that lists ``names`` in order from there, so many rows are read
    /// without looking each column up by name.
    public func read(_ row: Row, at offset: Int, into record: inout Record) {
        // Not `enumerated()`: unspecialised here (generic over `Record`), its iterator is dear at every step.
        var index = offset
        for column in columns {
            column.assign(&record, row[index])
            index += 1
        }
    }
}

extension RecordColumns {
    /// Sets every listed field of `record` from the stepped row's values at `offset`,
    /// `offset + 1`, …: ``read(_:at:into:)`` for ``StoreTransaction/forEachRow(_:_:_:)``.
    /// Inlinable, so that it is specialised for the provider's record where it is called.
    @inlinable public func read(_ row: SteppedRow, at offset: Int, into record: inout Record) {
        var index = offset
        for column in columns {
            column.assign(&record, row[index])
            index += 1
        }
    }
}
