import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension NYTProvider {
    public var descriptor: ProviderDescriptor {
        ProviderDescriptor(
            name: "nyt",
            displayName: "NYT",
            summary: "Search New York Times articles since 1851 (Article Search API).",
            discussion: """
                Searches the New York Times archive for the given words and shows the matching \
                articles, newest first with --sort newest. Results are stored locally: with \
                --offline, or when the network fails, the same words search every article \
                fetched before, by relevance or by --sort, within --from/--to.

                The API answers 10 articles a page and serves pages 0 to 100; --pages N \
                fetches N pages from --page, stopping early when there are no more hits. \
                The key allows 5 requests a minute and 500 a day; apicli paces itself.

                --archive YYYY-MM fetches every article of a month from the Archive API \
                (one request, up to about 20 MB) into the same store, so the words then \
                find them with --offline; apicli harvest nyt-archive fetches many months.
                """,
            arguments: [
                ArgumentSpec(
                    "words", help: "What to search for; every remaining word is part of the query (optional with --fq).",
                    variadic: true, required: false)
            ],
            options: [
                .value("from", valueName: "DATE", help: "Only articles published on or after DATE (YYYYMMDD or YYYY-MM-DD)."),
                .value("to", valueName: "DATE", help: "Only articles published on or before DATE (YYYYMMDD or YYYY-MM-DD)."),
                .value(
                    "sort", valueName: "ORDER", help: "Order of the results.",
                    choices: SortOrder.allCases.map(\.rawValue), configurable: true),
                .value("page", valueName: "N", help: "The first page to fetch, 0 to 100 (10 articles a page).", default: "0"),
                .value(
                    "pages", valueName: "N", help: "How many pages to fetch, never past page 100.", default: "1",
                    configurable: true),
                .value("fq", valueName: "FILTER", help: "A filter query, sent as given (e.g. 'section_name:(\"Sports\")')."),
                .value(
                    "archive", valueName: "MONTH",
                    help: "Every article of one month (YYYY-MM) from the Archive API, stored for offline search; no words."),
            ],
            examples: [
                "apicli nyt basketball",
                "apicli nyt climate change --from 2024-01-01 --to 2024-03-31 --sort newest",
                "apicli nyt \"c++ & rust\" --pages 3 --json",
                "apicli nyt election --fq 'section_name:(\"U.S.\")'",
                "apicli nyt basketball --offline",
                "apicli nyt --archive 2019-01 --format ndjson",
            ],
            defaultBaseURL: URL(string: "https://api.nytimes.com") ?? URL(fileURLWithPath: "/"),
            credential: CredentialSpec(
                parameter: "api-key", environmentVariable: "NYT_API_KEY",
                signupURL: "https://developer.nytimes.com/get-started"),
            rateLimits: [.perMinute(5), .perDay(500), .spacing(.seconds(12))],
            cacheTTL: .seconds(3600),
            storage: Self.storage,
            pageParameter: PageParameter(
                name: "page", first: 0, last: ArticleQuery.lastServedPage, items: ["response", "docs"],
                pageSize: ArticleQuery.pageSize)
        )
    }
}
