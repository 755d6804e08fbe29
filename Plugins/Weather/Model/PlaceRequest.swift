#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// How a place was named on the command line: the four ways OpenWeather can
/// be asked about one.
public enum PlaceRequest: Sendable, Hashable {
    /// `Paris`, `Paris,FR`, `Paris,TX,US`: resolved through `/geo/1.0/direct`.
    case name(String)
    /// `--zip 94040,US`: resolved through `/geo/1.0/zip`.
    case zip(String)
    /// `--id 2988507`: an OpenWeather city id, sent to the forecast as it is.
    case id(Int64)
    /// `48.8566,2.3522`: sent to the forecast as it is, named through `/geo/1.0/reverse`.
    case coordinates(Coordinates)

    /// A place argument: coordinates when it reads as two numbers, else a name.
    /// Throws a ``UsageError`` for coordinates out of range.
    public static func argument(_ text: String) throws -> PlaceRequest {
        if let coordinates = try Coordinates(parsing: text) { return .coordinates(coordinates) }
        return .name(text)
    }

    /// The key a stored place or forecast is found by: `london,gb`, `zip:94040,us`,
    /// `id:2988507`, `48.8566,2.3522` — the same place typed differently finds the same row.
    public var key: String {
        switch self {
        case let .name(name): Self.normalised(name)
        case let .zip(code): "zip:" + Self.normalised(code)
        case let .id(id): "id:\(id)"
        case let .coordinates(coordinates): coordinates.latitudeText + "," + coordinates.longitudeText
        }
    }

    /// Lowercased, runs of spaces as one, no spaces around commas: `  London , GB` → `london,gb`.
    static func normalised(_ text: String) -> String {
        // `joined(with:)`: a stored place's key is made on every `--offline` start (see there).
        let words = text.lowercased().split(whereSeparator: { $0.isWhitespace }).map(String.init).joined(with: " ")
        return words.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmed(.whitespaces) }
            .joined(with: ",")
    }
}

/// A latitude and a longitude as typed, checked to be on the globe.
public struct Coordinates: Sendable, Hashable {
    /// As typed (`48.8566`), so the request carries exactly what was asked.
    public let latitudeText: String
    public let longitudeText: String
    public let latitude: Double
    public let longitude: Double

    /// `48.8566,2.3522` or `48.8566, 2.3522`; nil for text that is not two
    /// plain decimal numbers; a ``UsageError`` (exit 64) when either is out of range.
    public init?(parsing text: String) throws {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmed(.whitespaces) }
        guard parts.count == 2, let latitude = Self.decimal(parts[0]), let longitude = Self.decimal(parts[1]) else {
            return nil
        }
        guard (-90...90).contains(latitude) else {
            throw UsageError("a latitude is from -90 to 90, not \(parts[0]) (coordinates are LAT,LON: 48.8566,2.3522)")
        }
        guard (-180...180).contains(longitude) else {
            throw UsageError("a longitude is from -180 to 180, not \(parts[1]) (coordinates are LAT,LON: 48.8566,2.3522)")
        }
        latitudeText = parts[0]
        longitudeText = parts[1]
        self.latitude = latitude
        self.longitude = longitude
    }

    /// A plain decimal (`-0.47`, `48`): digits, one optional point, an optional sign.
    /// Exponents, `inf` and `nan` are not coordinates.
    private static func decimal(_ text: String) -> Double? {
        let digits = text.first.map { "+-".contains($0) } == true ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            digits.filter({ $0 == "." }).count <= 1, digits.contains(where: \.isNumber)
        else { return nil }
        return Double(text)
    }
}
