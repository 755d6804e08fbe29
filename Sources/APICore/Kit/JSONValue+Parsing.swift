#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Reads a whole document (``JSONValueReader``), each object's members in the order
    /// written; a body that is not JSON is a ``DecodeFailure`` whose reason names no
    /// value from the body.
    public static func parse(_ data: Data) throws -> JSONValue {
        try parse(data) { _ in "the body is not valid JSON" }
    }

    /// ``parse(_:)``, with the failure worded by the caller around the reason:
    /// `{ "the answer is not JSON (\($0))" }`.
    public static func parse(_ data: Data, failure describe: (_ reason: String) -> String) throws -> JSONValue {
        do {
            return try JSONValueReader.read(data)
        } catch {
            throw DecodeFailure(describe("malformed JSON"))
        }
    }
}
