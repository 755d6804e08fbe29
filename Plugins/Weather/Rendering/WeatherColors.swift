import APICore

/// Colour by value, as wttr.in colours: temperature from cold (blue) to hot (red),
/// precipitation in blues, strong wind in yellow and red, the air quality index
/// from green to purple. Only styles: the host applies them when colour is on (a
/// terminal, no `NO_COLOR`, not `TERM=dumb`, not `--color never`), so a pipe or a
/// snapshot without colour is plain text.
enum WeatherColors {
    /// The scale's colour for a temperature in `units` (judged in °C).
    static func temperature(_ value: Double?, units: Units) -> ANSIStyle? {
        guard let value, value.isFinite else { return nil }
        let celsius: Double
        switch units {
        case .metric: celsius = value
        case .imperial: celsius = (value - 32) * 5 / 9
        case .standard: celsius = value - 273.15
        }
        switch celsius {
        case ..<(-10): return ANSIStyle(codes: [95])
        case ..<0: return ANSIStyle(codes: [94])
        case ..<10: return .cyan
        case ..<20: return .green
        case ..<27: return .yellow
        case ..<35: return ANSIStyle(codes: [91])
        default: return .red + .bold
        }
    }

    /// Precipitation over a step or a period, mm: light cyan, moderate blue, heavy bold blue.
    static func precipitation(_ millimetres: Double?) -> ANSIStyle? {
        guard let millimetres, millimetres.isFinite, millimetres > 0 else { return nil }
        switch millimetres {
        case ..<1: return .cyan
        case ..<4: return .blue
        default: return ANSIStyle(codes: [94, 1])
        }
    }

    /// The chance of precipitation, 0…1: likely blue, possible cyan.
    static func chance(_ probability: Double?) -> ANSIStyle? {
        guard let probability, probability.isFinite else { return nil }
        return probability >= 0.7 ? .blue : probability >= 0.3 ? .cyan : nil
    }

    /// Wind in `units` (judged in m/s): fresh yellow, strong red, gale bold red.
    static func wind(_ speed: Double?, units: Units) -> ANSIStyle? {
        guard let speed, speed.isFinite else { return nil }
        let metres = units == .imperial ? speed / 2.237 : speed
        switch metres {
        case ..<8: return nil
        case ..<14: return .yellow
        case ..<20: return ANSIStyle(codes: [91])
        default: return .red + .bold
        }
    }

    /// OpenWeather's air quality index, 1 Good to 5 Very Poor.
    static func airQuality(_ index: Int?) -> ANSIStyle? {
        switch index {
        case 1: .green
        case 2: ANSIStyle(codes: [92])
        case 3: .yellow
        case 4: .red
        case 5: .magenta + .bold
        default: nil
        }
    }
}
