/// A statement's values bound one at a time, in order (``StoreTransaction/execute(_:binding:)``):
/// text as bytes the caller lends, for rows stored by the thousand.
///
/// ``StoreTransaction/execute(_:_:)`` takes a `[SQLValue]`, so a row read from packed bytes
/// (an NYT article) first became a `String` per field and an array of them, made, bound
/// and freed again for every row: about a sixth of what the storing thread did outside
/// SQLite. Here each value goes from where it lies to SQLite.
public struct ValueBinder {
    let target: any Target
    /// The placeholders given a value so far.
    public private(set) var count: Int32 = 0
    /// The first value SQLite refused: nothing after it is bound, and the call throws it.
    public private(set) var failure: StoreError?

    /// The store's side of the binding: the prepared statement. Each call binds one value
    /// at a 1-based `position` and returns SQLite's refusal, if any.
    public protocol Target: AnyObject {
        /// How many placeholders the statement has.
        var parameterCount: Int { get }
        /// UTF-8 text bound in place; nil binds NULL. The bytes stay valid until the statement has run.
        func bindText(_ bytes: UnsafeBufferPointer<UInt8>?, at position: Int32) -> StoreError?
        /// An integer; nil binds NULL.
        func bindInteger(_ value: Int64?, at position: Int32) -> StoreError?
        /// Any value, copied by SQLite.
        func bindCopying(_ value: SQLValue, at position: Int32) -> StoreError?
    }

    /// Made by the store, for the `bind` body of an `execute(_:binding:)` only.
    public init(_ target: any Target) {
        self.target = target
    }

    /// UTF-8 text, bound in place; nil binds NULL. The bytes must stay valid until the
    /// `execute` call returns.
    public mutating func text(_ bytes: UnsafeBufferPointer<UInt8>?) {
        next { $0.bindText(bytes, at: $1) }
    }

    /// An integer; nil binds NULL.
    public mutating func integer(_ value: Int64?) {
        next { $0.bindInteger(value, at: $1) }
    }

    /// Any value, copied by SQLite: for the odd one that is not lying in bytes already.
    public mutating func value(_ value: SQLValue) {
        next { $0.bindCopying(value, at: $1) }
    }

    private mutating func next(_ bind: (any Target, Int32) -> StoreError?) {
        count += 1
        // Past the placeholders nothing is bound: the count says what is wrong.
        guard failure == nil, Int(count) <= target.parameterCount else { return }
        failure = bind(target, count)
    }
}
