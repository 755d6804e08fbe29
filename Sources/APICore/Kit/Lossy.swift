/// One element of a decoded array that must not sink its neighbours: it keeps
/// the value, or the error that stopped it, and always lets the array move on.
///
///     let docs = try container.decode([Lossy<Article>].self, forKey: .docs)
///     for doc in docs { if case let .failure(error) = doc.result { warnings.append(...) } }
///
/// Real APIs drift: one odd record should cost that record (with a warning), not the page.
public struct Lossy<Wrapped: Decodable>: Decodable {
    public let result: Result<Wrapped, any Error>

    public init(from decoder: any Decoder) {
        do {
            result = .success(try Wrapped(from: decoder))
        } catch {
            result = .failure(error)
        }
    }

    /// The value, or nil when it could not be read.
    public var value: Wrapped? { try? result.get() }
}
