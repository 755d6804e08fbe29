import APICore
import Foundation

extension WeatherProvider {
    /// OpenWeather's language codes for `lang`, offered by completions.
    static let languageCodes = [
        "af", "al", "ar", "az", "bg", "ca", "cz", "da", "de", "el", "en", "eu", "fa", "fi", "fr", "gl", "he", "hi",
        "hr", "hu", "id", "it", "ja", "kr", "la", "lt", "mk", "no", "nl", "pl", "pt", "pt_br", "ro", "ru", "sv",
        "se", "sk", "sl", "sp", "es", "sr", "th", "tr", "ua", "uk", "vi", "zh_cn", "zh_tw", "zu",
    ]

    static let descriptor = ProviderDescriptor(
        name: "weather",
        displayName: "OpenWeather",
        summary: "5-day / 3-hour weather forecast for one or more cities (OpenWeather).",
        discussion: """
            Each city is one argument: quote names with spaces ("New York") and add a country \
            code to disambiguate (London,GB). Several cities are fetched at once and printed in \
            the order given. Times are shown on each city's own clock.

            The latest forecast per city, units and language is kept in the local store; \
            --offline shows it, with when it was fetched.
            """,
        arguments: [
            ArgumentSpec("city", help: "A city name, optionally with a country code (London,GB).", variadic: true),
        ],
        options: [
            .value(
                "units", valueName: "UNITS", help: "Temperature and wind units.",
                choices: Units.allCases.map(\.rawValue), default: Units.metric.rawValue, configurable: true),
            .value(
                "lang", valueName: "CODE", help: "Language of the weather descriptions (fr, de, pt_br…).",
                suggestions: languageCodes, configurable: true),
            .value(
                "cnt", valueName: "N", help: "How many 3-hour steps to forecast, 1 to 40 (default: all 40).",
                configurable: true),
        ],
        examples: [
            "apicli weather Paris",
            "apicli weather \"New York\" London,GB Tokyo --cnt 8",
            "apicli weather Strasbourg,FR --lang fr --units metric",
            "apicli weather Chicago --units imperial --json",
        ],
        defaultBaseURL: URL(string: "https://api.openweathermap.org") ?? URL(fileURLWithPath: "/"),
        credential: CredentialSpec(
            parameter: "appid", environmentVariable: "OPENWEATHER_API_KEY",
            signupURL: "https://home.openweathermap.org/api_keys", activationDelay: .seconds(7200)),
        rateLimits: [.perMinute(60)],
        cacheTTL: .seconds(600)
    )
}
