#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Queries answered from the store alone, never sent: what earlier fetches kept, read over
/// a period (weather's `--past` record and `--verify`). A provider's ``Capabilities/storeOnly``.
///
/// The host sends no request and needs no key for them; it passes its clock (or the
/// `--as-of` time) to ``read``, so the provider keeps no clock. An empty answer is not
/// shown: the run fails with ``nothing``'s line and exit 69, as `--offline` does when the
/// store holds nothing.
public struct StoreOnly<Query, Response>: Sendable {
    /// Whether `query` is one of them.
    public var answers: @Sendable (_ query: Query) -> Bool

    /// The answer as of `now`; nil when the store holds nothing for it.
    public var read: @Sendable (_ query: Query, _ now: Date, _ transaction: any StoreTransaction) throws -> Response?

    /// The line that says the store holds nothing for `query`.
    public var nothing: @Sendable (_ query: Query) -> String

    public init(
        answers: @escaping @Sendable (_ query: Query) -> Bool,
        read: @escaping @Sendable (_ query: Query, _ now: Date, _ transaction: any StoreTransaction) throws -> Response?,
        nothing: @escaping @Sendable (_ query: Query) -> String
    ) {
        self.answers = answers
        self.read = read
        self.nothing = nothing
    }
}
