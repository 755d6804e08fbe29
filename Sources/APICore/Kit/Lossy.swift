/// One element of a decoded array that must not sink its neighbours: it keeps
/// the value, or the error that stopped it, and always lets the array move on.
///
///     let docs = try container.decode([Lossy<Article>].self, forKey: .docs)
///     for doc in docs { if case let .failure(error) = doc.result { warnings.append(...) } }
///
/// Real APIs drift: one odd record should cost that record (with a warning), not the page.
public struct Lossy<Wrapped: Decodable>: Decodable {
    public let result: Result<Wrapped, any Error>

    @inlinable public init(from decoder: any Decoder) {
        do {
            result = .success(try Wrapped(from: decoder))
        } catch {
            result = .failure(error)
        }
    }

    /// The value, or nil when it could not be read.
    @inlinable public var value: Wrapped? { try? result.get() }
}

extension Lossy {
    /// The elements that could be read, in order. Each one that could not adds
    /// `skipped(number, reason)` to `warnings`: `number` counts from 1, and
    /// `reason` says what went wrong and where (`missing list.1.dt`) without
    /// quoting the body.
    ///
    ///     let entries = Lossy.values(list, warnings: &warnings) { number, reason in
    ///         "skipped forecast entry \(number): \(reason)"
    ///     }
    public static func values(
        _ elements: [Lossy<Wrapped>], warnings: inout [String], skipped: (_ number: Int, _ reason: String) -> String
    ) -> [Wrapped] {
        var values: [Wrapped] = []
        values.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            switch element.result {
            case let .success(value): values.append(value)
            case let .failure(error): warnings.append(skipped(index + 1, reason(error)))
            }
        }
        return values
    }

    /// Why an element could not be read, in a few words (``DecodingError/summary``).
    public static func reason(_ error: any Error) -> String {
        (error as? DecodingError)?.summary ?? "unreadable"
    }
}
