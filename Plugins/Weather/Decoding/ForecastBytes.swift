import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a forecast body straight from its bytes with ``JSONByteReader``: the city
/// block and every step, in the shapes real answers send (numbers as integers or
/// decimals, text as strings or null, the nested objects or null). Nil for anything
/// else — a number sent as a string, `12.0` or `1e3` (which `JSONDecoder` may read as
/// an integer), a key written twice, a step without `dt`, no `list` — and the caller
/// decodes the body with `JSONDecoder` (``ForecastPayload``), the reference, which
/// also words every warning.
///
/// `JSONDecoder`'s generic containers looked up their protocol conformances in the
/// whole binary on first use, a large part of a cache hit's work.
enum ForecastBytes {
    typealias Unsupported = JSONByteReader.Unsupported

    static func read(_ body: Data) -> (city: City, entries: [ForecastEntry])? {
        body.withUnsafeBytes { bytes in
            var reader = JSONByteReader(bytes)
            return try? read(&reader)
        }
    }

    private static func read(_ reader: inout JSONByteReader) throws(Unsupported) -> (City, [ForecastEntry]) {
        var city = City()
        var entries: [ForecastEntry]?
        try members(&reader) { (name, reader: inout JSONByteReader) throws(Unsupported) in
            switch name {
            case "cod", "message": try reader.skipValue()  // read only when there is no list
            case "city": if try reader.kind() == .null { try reader.null() } else { city = try self.city(&reader) }
            case "list":
                var list: [ForecastEntry] = []
                try reader.forEachElement { (item: inout JSONByteReader) throws(Unsupported) in
                    list.append(try entry(&item))
                }
                entries = list
            default: try reader.skipValue()
            }
        }
        try reader.end()
        guard let entries else { throw Unsupported() }
        return (city, entries)
    }

    private static func city(_ reader: inout JSONByteReader) throws(Unsupported) -> City {
        var city = City()
        try members(&reader) { (name, reader: inout JSONByteReader) throws(Unsupported) in
            switch name {
            case "id": city.id = try integer(&reader)
            case "name": city.name = try text(&reader)
            case "country": city.country = try text(&reader)
            case "population": city.population = try integer(&reader)
            case "timezone": city.timezoneOffset = try integer(&reader).map { v throws(Unsupported) in
                    guard let offset = Int(exactly: v) else { throw Unsupported() }
                    return offset
                }
            case "sunrise": city.sunrise = try integer(&reader)
            case "sunset": city.sunset = try integer(&reader)
            case "coord":
                try object(&reader) { (name, reader: inout JSONByteReader) throws(Unsupported) in
                    switch name {
                    case "lat": city.latitude = try number(&reader)
                    case "lon": city.longitude = try number(&reader)
                    default: try reader.skipValue()
                    }
                }
            default: try reader.skipValue()
            }
        }
        return city
    }

    private static func entry(_ reader: inout JSONByteReader) throws(Unsupported) -> ForecastEntry {
        var entry = ForecastEntry(time: 0)
        var time: Int64?
        try members(&reader) { (name, reader: inout JSONByteReader) throws(Unsupported) in
            switch name {
            case "dt": time = try reader.integer()
            case "dt_txt": entry.timeText = try text(&reader)
            case "main":
                try object(&reader) { (name, reader: inout JSONByteReader) throws(Unsupported) in
                    let value = try number(&reader)
                    switch name {
                    case "temp": entry.temperature = value
                    case "feels_like": entry.feelsLike = value
                    case "temp_min": entry.temperatureMin = value
                    case "temp_max": entry.temperatureMax = value
                    case "pressure": entry.pressure = value
                    case "sea_level": entry.seaLevel = value
                    case "grnd_level": entry.groundLevel = value
                    case "humidity": entry.humidity = value
                    case "temp_kf": entry.temperatureKf = value
                    default: break
                    }
                }
            case "weather": entry.condition = try condition(&reader)
            case "clouds": entry.clouds = try volume("all", &reader)
            case "wind":
                try object(&reader) { (name, reader: inout JSONByteReader) throws(Unsupported) in
                    let value = try number(&reader)
                    switch name {
                    case "speed": entry.windSpeed = value
                    case "deg": entry.windDirection = value
                    case "gust": entry.windGust = value
                    default: break
                    }
                }
            case "visibility": entry.visibility = try number(&reader)
            case "pop": entry.precipitationProbability = try number(&reader)
            case "rain": entry.rain = try volume("3h", &reader)
            case "snow": entry.snow = try volume("3h", &reader)
            default: try reader.skipValue()
            }
        }
        guard let time else { throw Unsupported() }
        entry.time = time
        return entry
    }

    /// `weather`: the first condition of the array, or nil when there is none worth keeping.
    private static func condition(_ reader: inout JSONByteReader) throws(Unsupported) -> Condition? {
        guard try reader.kind() == .array else { throw Unsupported() }
        var first: Condition?
        var index = 0
        try reader.forEachElement { (item: inout JSONByteReader) throws(Unsupported) in
            defer { index += 1 }
            guard index == 0 else { return try item.skipValue() }
            guard try item.kind() == .object else { throw Unsupported() }
            var read = Condition()
            try members(&item) { (name, reader: inout JSONByteReader) throws(Unsupported) in
                switch name {
                case "id": read.id = try integer(&reader)
                case "main": read.main = try text(&reader)
                case "description": read.description = try text(&reader)
                case "icon": read.icon = try text(&reader)
                default: try reader.skipValue()
                }
            }
            first = read
        }
        return first == Condition() ? nil : first
    }

    /// `{"<key>": number}` (`rain`, `snow`, `clouds`), `{}` or null.
    private static func volume(_ key: StaticString, _ reader: inout JSONByteReader) throws(Unsupported) -> NumberValue? {
        var value: NumberValue?
        try object(&reader) { (name, reader: inout JSONByteReader) throws(Unsupported) in
            if key ~= name { value = try number(&reader) } else { try reader.skipValue() }
        }
        return value
    }

    /// An object's members (each key once), or nothing for null.
    private static func object(
        _ reader: inout JSONByteReader, _ member: (MemberName, inout JSONByteReader) throws(Unsupported) -> Void
    ) throws(Unsupported) {
        if try reader.kind() == .null { return try reader.null() }
        try members(&reader, member)
    }

    /// An object's members, each key once, named by their bytes (``MemberName``).
    private static func members(
        _ reader: inout JSONByteReader, _ member: (MemberName, inout JSONByteReader) throws(Unsupported) -> Void
    ) throws(Unsupported) {
        try reader.forEachMember { (key, reader: inout JSONByteReader) throws(Unsupported) in
            try member(MemberName(bytes: key), &reader)
        }
    }

    private static func text(_ reader: inout JSONByteReader) throws(Unsupported) -> String? {
        switch try reader.kind() {
        case .string: return try reader.string()
        case .null: try reader.null(); return nil
        default: throw Unsupported()
        }
    }

    private static func integer(_ reader: inout JSONByteReader) throws(Unsupported) -> Int64? {
        switch try reader.kind() {
        case .number: return try reader.integer()
        case .null: try reader.null(); return nil
        default: throw Unsupported()
        }
    }

    /// An integer as `.int`; a decimal with a fraction that is not all zeros as `.double`.
    private static func number(_ reader: inout JSONByteReader) throws(Unsupported) -> NumberValue? {
        switch try reader.kind() {
        case .null: try reader.null(); return nil
        case .number: break
        default: throw Unsupported()
        }
        let bytes = try reader.numberBytes()
        if let value = try shortNumber(bytes) { return value }
        return try number(String(decoding: bytes, as: UTF8.self))
    }

    /// The powers of ten a short decimal is divided by, all exact as `Double`s.
    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

    /// A number of at most 15 digits and no exponent, what weather answers send, read from
    /// its bytes; nil for any other (read from its text then).
    ///
    /// Its digits make an integer below 2^53 and the fraction's length a power of ten up
    /// to 10^15, both exact as `Double`s, so their quotient, one correctly rounded
    /// division, is the `Double` nearest the decimal: what `Double(text)` gives. Parsing
    /// the text was far dearer, and a forecast holds hundreds of values.
    private static func shortNumber(_ bytes: UnsafeRawBufferPointer) throws(Unsupported) -> NumberValue? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fractionDigits: Int?
        var fractionIsZero = true
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "."), fractionDigits == nil {
                fractionDigits = 0
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 15 else { return nil }
            let digit = Int64(byte - UInt8(ascii: "0"))
            mantissa = mantissa * 10 + digit
            digits += 1
            if let count = fractionDigits {
                fractionDigits = count + 1
                if digit != 0 { fractionIsZero = false }
            }
        }
        guard let fractionDigits else { return .int(negative ? -mantissa : mantissa) }
        // `12.0`, which `JSONDecoder` may read as an integer: decoded the reference way.
        guard !fractionIsZero else { throw Unsupported() }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return .double(negative ? -value : value)
    }

    /// ``number(_:)`` from the number's text, for what ``shortNumber(_:)`` does not read.
    private static func number(_ text: String) throws(Unsupported) -> NumberValue {
        let utf8 = text.utf8
        if let dot = utf8.firstIndex(of: UInt8(ascii: ".")) {
            let fraction = utf8[utf8.index(after: dot)...]
            // A long decimal whose nearest `Double` is a whole number (`-631541202949943.983`)
            // is an integer to `JSONDecoder`: deferred to it, as `12.0` is.
            guard fraction.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                fraction.contains(where: { $0 != UInt8(ascii: "0") }), let value = Double(text), value.isFinite,
                value.rounded(.towardZero) != value
            else { throw Unsupported() }
            return .double(value)
        }
        guard let value = Int64(text) else { throw Unsupported() }
        return .int(value)
    }
}

/// A member's key as the bytes the body holds, matched in a `switch` against literal
/// names (`case "temp":`) by length and bytes. A `String` made of each key, then
/// compared with each case, was dear for every key, and a cache hit reads over a
/// thousand of them.
struct MemberName {
    let bytes: UnsafeRawBufferPointer

    static func ~= (name: StaticString, key: MemberName) -> Bool {
        JSONByteReader.equal(key.bytes, name)
    }
}
