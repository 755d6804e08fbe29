import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// OpenWeather's error answer: `{"cod": "404", "message": "city not found"}`.
///
/// `cod` and `message` each arrive as a string or a number depending on the
/// endpoint and the year, so both are read flexibly.
public struct OpenWeatherErrorBody: Sendable, Hashable, Decodable {
    /// The status as the body states it (`"404"`, `401`).
    public var code: String?
    public var message: String?

    public init(code: String?, message: String?) {
        self.code = code
        self.message = message
    }

    private enum Keys: String, CodingKey {
        case cod, message
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        code = container.text(.cod)
        message = container.text(.message)
    }

    /// The error body in `data`, or nil when it is not a JSON object.
    public static func read(_ data: Data) -> OpenWeatherErrorBody? {
        JSONBody.read(OpenWeatherErrorBody.self, from: data)
    }
}
