/// Turning a stored value into the provider's response type, keeping when it was fetched and whether it matched nothing.
extension Stored {
    /// `Stored([records])` → `Stored(Response(items: records))`, in one expression.
    public func map<Other: Sendable>(_ transform: (Value) throws -> Other) rethrows -> Stored<Other> {
        Stored<Other>(try transform(value), fetchedAt: fetchedAt, matchedNothing: matchedNothing)
    }
}
