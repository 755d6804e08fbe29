import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension WeatherProvider {
    /// OpenWeather's language codes for `lang`, offered by completions.
    static let languageCodes = [
        "af", "al", "ar", "az", "bg", "ca", "cz", "da", "de", "el", "en", "eu", "fa", "fi", "fr", "gl", "he", "hi",
        "hr", "hu", "id", "it", "ja", "kr", "la", "lt", "mk", "no", "nl", "pl", "pt", "pt_br", "ro", "ru", "sv",
        "se", "sk", "sl", "sp", "es", "sr", "th", "tr", "ua", "uk", "vi", "zh_cn", "zh_tw", "zu",
    ]

    /// `--units`: a unit's own name (`kelvin`, `fahrenheit`) is not a choice, but says which one is meant.
    static var unitsOption: OptionSpec {
        var option = OptionSpec.value(
            "units", valueName: "UNITS",
            help: "Units: metric (°C, m/s, mm, km), imperial (°F, mph, inches, miles) or standard (K, m/s, mm, km).",
            choices: Units.allCases.map(\.rawValue), default: Units.metric.rawValue, configurable: true)
        option.synonyms = [
            "kelvin": "standard", "k": "standard", "si": "metric", "celsius": "metric", "c": "metric",
            "centigrade": "metric", "fahrenheit": "imperial", "f": "imperial", "us": "imperial", "uk": "metric",
        ]
        return option
    }

    static let descriptor = ProviderDescriptor(
        name: "weather",
        displayName: "OpenWeather",
        summary: "Weather forecast, current conditions and air quality for one or more places (OpenWeather).",
        discussion: """
            Each place is one argument: a name, quoted when it has spaces ("New York"), with a \
            country code and for the US a state to disambiguate (London,GB; Paris,TX,US), or \
            coordinates (48.8566,2.3522). Names and zip codes are looked up in OpenWeather's \
            Geocoding API, then the forecast is fetched by latitude and longitude; when a name \
            is found in several countries or states the first is used and the others are named \
            on stderr. Resolved places are kept 30 days, so a second run sends one request.

            Several places are fetched at once and printed in the order given. Times are shown \
            on each place's own clock. With no place, the default place is used: set it with \
            'apicli config set weather.place "Strasbourg,FR"' or APICLI_WEATHER_PLACE.

            On a terminal a place shows at a glance: the conditions now, temperature and \
            precipitation charts with day marks, then the next days by period (night, morning, \
            afternoon, evening) with the low and high, the condition, precipitation and its \
            chance, and the wind. --steps shows the 3-hour steps instead (as --hours and --cnt \
            do); JSON, CSV, NDJSON and lines always hold the steps.

            --daily shows one row per local day (lowest and highest temperature, the most \
            significant condition, precipitation and its highest chance, the strongest wind); \
            --hours N only the steps of the next N hours. --now shows the current conditions \
            (kept 10 minutes, as OpenWeather updates them); --air the air quality now, or hour \
            by hour with --hours N or per day with --daily (OpenWeather's index from 1 Good to \
            5 Very Poor, and the pollutants in µg/m³). Each view has its own fields: \
            'apicli weather --daily --fields help' lists the day's.

            The latest answer per place, view, units, language and --cnt is kept in the local \
            store; --offline shows it, with when it was fetched, leaving out the steps already \
            past, and converts one stored in other units (saying so).

            Each --now (and each glance) that brings a new observation adds it to the place's \
            record. --past 7d shows the record over the past 7 days from the store, sending \
            nothing: a chart and a row per observation. --verify pairs each observation with \
            every forecast stored for the step nearest its time (within 90 minutes) that was \
            fetched before both, and gives per group of how far ahead the forecast was made \
            (up to 3, 6, 12, 24, 48, 72, 96, 120 hours) the pairs, the mean error of \
            temperature (forecast minus observed) and its mean size, and how often the forecast \
            was right about precipitation: wet when its chance (pop) was 0.5 or more, observed \
            wet when rain or snow fell in the hour before the observation. Nothing kept for the \
            period exits 69.
            """,
        arguments: [
            ArgumentSpec(
                "place", help: "A place name (London,GB; Paris,TX,US) or coordinates (48.8566,2.3522).",
                variadic: true, required: false),
        ],
        options: [
            Self.unitsOption,
            .value(
                "lang", valueName: "CODE", help: "Language of the weather descriptions and place names (fr, de, pt_br…).",
                choices: languageCodes, configurable: true),
            .value(
                "cnt", valueName: "N", help: "How many 3-hour steps to forecast, 1 to 40 (default: all 40).",
                configurable: true),
            .value("zip", valueName: "CODE,COUNTRY", help: "A place by zip or post code (94040,US)."),
            .value("id", valueName: "N", help: "A place by OpenWeather city id (2988507)."),
            .flag("steps", help: "The 3-hour steps as a table, instead of now and the next days by period."),
            .flag("chart", help: "The whole forecast as tall temperature and precipitation charts over a row a day."),
            .flag("daily", help: "One row per local day instead of one per 3-hour step (with --air: per day)."),
            .value("hours", valueName: "N", help: "Only the steps in the next N hours, 1 to 120 (with --air: hour by hour)."),
            .flag("now", help: "The current conditions instead of the forecast."),
            .flag("air", help: "Air quality (index 1 Good to 5 Very Poor, pollutants in µg/m³) instead of the weather."),
            .value(
                "past", valueName: "DURATION",
                help: "What was observed over the past DURATION (36h, 7d, 2w): the observations --now kept, from the store."),
            .flag(
                "verify",
                help: "The stored forecasts against what was observed at their times, by how far ahead they were made (bounded by --past)."),
            .value(
                "place", valueName: "PLACE", help: "The place used when none is named (set it once in the config).",
                configurable: true),
        ],
        examples: [
            "apicli weather Paris",
            "apicli weather Paris --steps",
            "apicli weather \"New York\" London,GB Tokyo --cnt 8",
            "apicli weather Paris,TX,US --daily",
            "apicli weather 48.8566,2.3522 --hours 12",
            "apicli weather --zip 94040,US --units imperial",
            "apicli weather Strasbourg,FR --lang fr --units metric",
            "apicli config set weather.place \"Strasbourg,FR\" && apicli weather --daily",
            "apicli weather Chicago --units imperial --json",
            "apicli weather Paris --now --template '{place_name} {temp:.0}° {description}'",
            "apicli weather London,GB --air --daily",
            "apicli weather Paris --daily --hours 24 --template '{date} {temp_min:.0}°/{temp_max:.0}°'",
            "apicli weather Paris --past 7d",
            "apicli weather Paris --verify --past 30d --json",
        ],
        defaultBaseURL: URL(string: "https://api.openweathermap.org") ?? URL(fileURLWithPath: "/"),
        credential: CredentialSpec(
            parameter: "appid", environmentVariable: "OPENWEATHER_API_KEY",
            signupURL: "https://home.openweathermap.org/api_keys", activationDelay: .seconds(7200)),
        rateLimits: [.perMinute(60)],
        cacheTTL: .seconds(600),
        storage: storage
    )
}
