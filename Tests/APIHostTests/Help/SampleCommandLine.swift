import Foundation
@testable import APIHost

/// Test-only providers shaped like the real ones, so that the help,
/// completion and man page snapshots do not change when a real provider does.
enum SampleCommandLine {
    static let articles = ProviderDescriptor(
        name: "news",
        displayName: "Sample News",
        summary: "Search sample news articles by words, dates and sections.",
        discussion: "Words are sent as one query, exactly as typed: \"c++ & rust\" is one search. "
            + "Results are stored, so the same search works offline.\n\n"
            + "Dates are YYYYMMDD or YYYY-MM-DD.",
        arguments: [ArgumentSpec("query", help: "The words to search for.", variadic: true)],
        options: [
            .value("from", valueName: "DATE", help: "Only articles published on or after this date."),
            .value("to", valueName: "DATE", help: "Only articles published on or before this date."),
            .value("sort", valueName: "ORDER", help: "The order of results.",
                   choices: ["newest", "oldest", "relevance"], default: "relevance", configurable: true),
            .value("page", short: "p", valueName: "N", help: "The page of results, from 0.", default: "0"),
            .flag("headlines-only", help: "Print only the headlines [no abstracts]: one per line."),
        ],
        examples: ["apicli news basketball", "apicli news \"c++ & rust\" --from 2024-01-01 --sort newest"],
        defaultBaseURL: URL(string: "https://news.example") ?? URL(fileURLWithPath: "/"),
        credential: CredentialSpec(parameter: "api-key", environmentVariable: "NEWS_API_KEY",
                                   signupURL: "https://news.example/keys"))

    static let forecast = ProviderDescriptor(
        name: "sky",
        displayName: "Sample Sky",
        summary: "Five-day forecast for a city.",
        arguments: [ArgumentSpec("city", help: "A city name, optionally with a country code: London,GB.")],
        options: [
            .value("units", valueName: "UNITS", help: "Temperature and wind units.",
                   choices: ["metric", "imperial", "standard"], default: "metric", configurable: true),
            .value("lang", valueName: "CODE", help: "Language of the descriptions.",
                   suggestions: ["en", "fr", "de", "es", "it", "ja", "ru", "zh_cn", "pt_br"], configurable: true),
            .value("cnt", valueName: "N", help: "How many 3-hour forecasts (1-40).", default: "40"),
        ],
        examples: ["apicli sky Paris", "apicli sky \"New York\" --units imperial"],
        defaultBaseURL: URL(string: "https://sky.example") ?? URL(fileURLWithPath: "/"))

    /// `sky` stands for a provider file: `provider show|check|remove` complete to it alone.
    static let model = CommandLineModel(version: "9.9.9", providers: [articles, forecast], fileProviders: ["sky"])
}
