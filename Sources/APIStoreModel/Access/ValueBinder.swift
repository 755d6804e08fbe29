/// A statement's values bound one at a time, in order (``StoreTransaction/execute(_:binding:)``):
/// text as bytes the caller lends, for rows stored by the thousand.
///
/// ``StoreTransaction/execute(_:_:)`` takes a `[SQLValue]`, so a row read from packed bytes
/// (an NYT article) first became a `String` per field and an array of them, made, bound
/// and freed again for every row: about a sixth of what the storing thread did outside
/// SQLite. Here each value goes from where it lies to SQLite.
public struct ValueBinder {
    let target: any Target
    /// How many placeholders the statement has, read once.
    let parameterCount: Int
    /// The placeholders given a value so far.
    public private(set) var count: Int32 = 0
    /// The first value SQLite refused: nothing after it is bound, and the call throws it.
    public private(set) var failure: StoreError?

    /// The store's side of the binding: the prepared statement. Each call binds one value
    /// at a 1-based `position` and returns SQLite's result code, 0 when the value was bound.
    public protocol Target: AnyObject {
        /// How many placeholders the statement has.
        var parameterCount: Int { get }
        /// UTF-8 text bound in place; nil binds NULL. The bytes stay valid until the statement has run.
        func bindText(_ bytes: UnsafeBufferPointer<UInt8>?, at position: Int32) -> Int32
        /// An integer; nil binds NULL.
        func bindInteger(_ value: Int64?, at position: Int32) -> Int32
        /// Any value, copied by SQLite.
        func bindCopy(_ value: SQLValue, at position: Int32) -> Int32
        /// The error a result code other than 0 stands for.
        func error(_ code: Int32) -> StoreError
    }

    /// Made by the store, for the `bind` body of an `execute(_:binding:)` only.
    public init(_ target: any Target) {
        self.target = target
        parameterCount = target.parameterCount
    }

    /// UTF-8 text, bound in place; nil binds NULL. The bytes must stay valid until the
    /// `execute` call returns.
    public mutating func text(_ bytes: UnsafeBufferPointer<UInt8>?) {
        guard let position = next() else { return }
        settle(target.bindText(bytes, at: position))
    }

    /// An integer; nil binds NULL.
    public mutating func integer(_ value: Int64?) {
        guard let position = next() else { return }
        settle(target.bindInteger(value, at: position))
    }

    /// Any value, copied by SQLite: for the odd one that is not lying in bytes already.
    public mutating func value(_ value: SQLValue) {
        guard let position = next() else { return }
        settle(target.bindCopy(value, at: position))
    }

    /// The next placeholder's position, counted; nil when nothing more is bound (past the
    /// placeholders, where the count says what is wrong, or after a refusal).
    private mutating func next() -> Int32? {
        count += 1
        guard failure == nil, Int(count) <= parameterCount else { return nil }
        return count
    }

    private mutating func settle(_ code: Int32) {
        if code != 0 { failure = target.error(code) }
    }
}
