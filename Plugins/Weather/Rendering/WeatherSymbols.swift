/// A symbol for each OpenWeather icon code (`01d` … `50n`).
///
/// The icon's two digits name the condition and its letter day or night. The
/// symbols are single-width text characters (sun, moon, cloud, umbrella,
/// snowflake), combined where the icon combines them, so columns stay aligned
/// in terminals that draw emoji at varying widths. Without UTF-8 (`LANG=C`)
/// they become short ASCII words.
enum WeatherSymbols {
    static func symbol(forIcon icon: String?, unicode: Bool) -> String {
        guard let icon, icon.count == 3 else { return "?" }
        let code = String(icon.prefix(2))
        let night = icon.hasSuffix("n")
        return unicode ? glyph(code, night: night) : word(code, night: night)
    }

    private static func glyph(_ code: String, night: Bool) -> String {
        switch code {
        case "01": night ? "☾" : "☀"
        case "02": night ? "☾☁" : "☀☁"
        case "03": "☁"
        case "04": "☁☁"
        case "09": "☂"
        case "10": night ? "☾☂" : "☀☂"
        case "11": "☈"
        case "13": "❄"
        case "50": "≋"
        default: "?"
        }
    }

    private static func word(_ code: String, night: Bool) -> String {
        switch code {
        case "01": night ? "clear" : "sun"
        case "02": night ? "clear/cloud" : "sun/cloud"
        case "03": "cloud"
        case "04": "clouds"
        case "09": "showers"
        case "10": night ? "rain" : "sun/rain"
        case "11": "storm"
        case "13": "snow"
        case "50": "mist"
        default: "?"
        }
    }
}
