#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// OpenWeather's `lang` codes are not all ISO 639-1 (`kr`, `cz`, `ua`, `la` for
/// Latvian…), while the Geocoding API's `local_names` keys are. This maps one to the other.
enum LanguageKeys {
    private static let isoCode = [
        "al": "sq", "cz": "cs", "kr": "ko", "la": "lv", "se": "sv", "sp": "es", "ua": "uk",
    ]

    /// The `local_names` keys to try for an OpenWeather code, best first: `pt_br` → `pt_br`, `pt`.
    static func localNameKeys(for language: String) -> [String] {
        let code = language.lowercased().replacingAll("-", with: "_")
        let base = code.split(separator: "_").first.map(String.init) ?? code
        return [code, isoCode[code], base].compactMap { $0 }.reduce(into: []) { keys, key in
            if !keys.contains(key) { keys.append(key) }
        }
    }
}
