import APICore

/// How measurements read in the table view: fixed decimals, unit symbols,
/// compass points. Pure string arithmetic, so output is the same under every
/// locale (no `NumberFormatter`, no `String(format:)`).
enum MeasureText {
    /// `24.7`, `-3.0`, `0.0` (never `-0.0`).
    static func decimal(_ value: Double, digits: Int = 1) -> String {
        var scale: Double = 1
        for _ in 0..<digits { scale *= 10 }
        guard abs(value) < 1e15, let scaled = Int64(saturating: value * scale, rounding: .toNearestOrAwayFromZero)
        else { return "?" }
        // Written digit by digit, from the last: joining the whole part, the point and the
        // padded fraction cost far more, and a forecast's view writes hundreds.
        var magnitude = scaled.magnitude
        let length = 1 + 20 + 1 + digits
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
            var start = length
            func put(_ byte: UInt8) {
                start -= 1
                buffer[start] = byte
            }
            for _ in 0..<digits {
                put(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            }
            if digits > 0 { put(UInt8(ascii: ".")) }
            repeat {
                put(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            if scaled < 0 { put(UInt8(ascii: "-")) }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }

    /// `24.7°C`, `75.2°F`, `288.4 K`; ASCII `24.7 C` where `°` cannot show.
    static func temperature(_ value: NumberValue?, units: Units, unicode: Bool) -> String {
        guard let value else { return "" }
        return decimal(value.doubleValue) + (unicode ? units.temperatureSuffix : units.asciiTemperatureSuffix)
    }

    /// `SW 4.9 m/s`, `12.3 mph`: where the wind comes from, then its speed.
    static func wind(speed: NumberValue?, direction: NumberValue?, units: Units) -> String {
        guard let speed else { return "" }
        let text = decimal(speed.doubleValue) + " " + units.windSpeedUnit
        guard let direction else { return text }
        return compassPoint(direction.doubleValue) + " " + text
    }

    /// The nearest of the eight compass points for a meteorological bearing.
    static func compassPoint(_ degrees: Double) -> String {
        // Reduced to one turn first, so a bearing of 1e308 is a direction and not a trap.
        guard let turn = degrees.truncatingRemainder(dividingBy: 360).finite,
            let index = Int(saturating: turn / 45, rounding: .toNearestOrAwayFromZero)
        else { return "" }
        let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        return points[(index % 8 + 8) % 8]
    }

    /// `59%` for a value already in percent (humidity, clouds).
    static func percent(_ value: NumberValue?) -> String {
        guard let value else { return "" }
        return decimal(value.doubleValue, digits: 0) + "%"
    }

    /// `20%` for a probability from 0 to 1 (`pop`).
    static func probability(_ value: NumberValue?) -> String {
        guard let value else { return "" }
        return decimal(value.doubleValue * 100, digits: 0) + "%"
    }

    /// `rain 0.3 mm`, `snow 1.2 mm`, both joined; `<0.1` for traces; empty when neither was given.
    /// In inches with imperial units.
    static func precipitation(rain: NumberValue?, snow: NumberValue?, units: Units = .metric) -> String {
        var parts: [String] = []
        if let rain { parts.append("rain " + amount(rain.doubleValue, units: units)) }
        if let snow { parts.append("snow " + amount(snow.doubleValue, units: units)) }
        return parts.joined(with: ", ")
    }

    /// `0.3 mm`; `<0.1 mm` for a trace.
    static func millimetres(_ value: Double) -> String {
        value > 0 && value < 0.05 ? "<0.1 mm" : decimal(value) + " mm"
    }

    /// An amount OpenWeather gives in mm, as `units` reads it: `0.3 mm`, or `0.01 in` with
    /// imperial (OpenWeather sends millimetres whatever the units); `<0.01 in` for a trace.
    static func amount(_ millimetres: Double, units: Units) -> String {
        guard units == .imperial else { return Self.millimetres(millimetres) }
        let inches = millimetres / 25.4
        return inches > 0 && inches < 0.005 ? "<0.01 in" : decimal(inches, digits: 2) + " in"
    }

    /// Visibility OpenWeather gives in metres: `6.7 km`, or `4.2 mi` with imperial units.
    static func distance(metres: Double, units: Units) -> String {
        units == .imperial ? decimal(metres / 1609.344) + " mi" : decimal(metres / 1000) + " km"
    }
}
