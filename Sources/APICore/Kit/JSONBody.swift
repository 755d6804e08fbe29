#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decoding a response body into a provider's `Decodable` type, with failures
/// the host understands.
public enum JSONBody {
    /// `T` read from `body`. Any failure becomes a ``DecodeFailure`` (exit 65,
    /// stored data untouched) that says where the body went wrong, never what it held.
    public static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws -> T {
        try decode(type, from: body) { $0 }
    }

    /// `T` read from `body`, with the failure worded by the provider around the
    /// host's reason: `{ "OpenWeather's answer for Paris is not forecast JSON (\($0))" }`.
    public static func decode<T: Decodable>(
        _ type: T.Type, from body: Data, failure describe: (_ reason: String) -> String
    ) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch let failure as DecodeFailure {
            throw failure
        } catch let error as DecodingError {
            throw DecodeFailure(describe(error.summary))
        } catch {
            throw DecodeFailure(describe("the body could not be read"))
        }
    }

    /// `T` read from `body`, or nil: for the body of an unsuccessful answer
    /// (`{"message": "city not found"}`), where any shape, or none, may come.
    public static func read<T: Decodable>(_ type: T.Type, from body: Data) -> T? {
        try? JSONDecoder().decode(type, from: body)
    }
}

extension DecodingError {
    /// What went wrong and where, in a few words (`missing data.items`), with no
    /// value from the body, so it can go in an error message or a warning.
    public var summary: String {
        func path(_ context: Context, _ key: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (key.map { [$0] } ?? [])
            let text = keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "the top level" : text
        }
        switch self {
        case let .keyNotFound(key, context): return "missing \(path(context, key))"
        case let .valueNotFound(_, context): return "null at \(path(context))"
        case let .typeMismatch(_, context): return "unexpected type at \(path(context))"
        case let .dataCorrupted(context):
            return context.codingPath.isEmpty ? "malformed JSON" : "unreadable value at \(path(context))"
        @unknown default: return "unreadable"
        }
    }
}
