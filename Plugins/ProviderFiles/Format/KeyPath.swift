import APICore

/// A dotted path into a JSON answer (`response.docs`, `headline.main`,
/// `multimedia.0.url`): object members by name, array elements by index.
public struct KeyPath: Sendable, Hashable, CustomStringConvertible {
    /// Deeper paths are refused: no answer worth a provider file needs them.
    public static let maxDepth = 12

    public let segments: [String]

    /// nil for an empty path, an empty segment (`a..b`) or one deeper than ``maxDepth``.
    public init?(_ text: String) {
        let parts = text.pieces(between: ".").map(String.init)
        guard !text.isEmpty, parts.count <= Self.maxDepth, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        segments = parts
    }

    public var description: String { segments.joined(separator: ".") }

    /// The value at this path in `value`; nil when a step is missing.
    public func value(in value: JSONValue) -> JSONValue? {
        var current = value
        for segment in segments {
            switch current {
            case .object:
                guard let next = current[segment] else { return nil }
                current = next
            case let .array(items):
                guard let index = Int(segment), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The longest start of this path that exists in `value`, and the member names found there:
    /// what an error says when the path is wrong.
    public func nearestExisting(in value: JSONValue) -> (found: String, names: [String]) {
        var current = value
        var found: [String] = []
        for segment in segments {
            guard let next = KeyPath(segment)?.value(in: current) else { break }
            found.append(segment)
            current = next
        }
        return (found.joined(separator: "."), current.members.map(\.key))
    }
}
