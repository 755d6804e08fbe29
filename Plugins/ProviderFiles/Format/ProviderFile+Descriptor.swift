import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ProviderFile {
    /// The file as the host sees every provider: help, completions, the man page,
    /// key lookup, the base-URL override, limits and cache time all follow from it.
    public func descriptor(source: String) -> ProviderDescriptor {
        var discussion = about.map { $0 + "\n\n" } ?? ""
        discussion += "Defined by the provider file \(source) ('apicli provider show \(name)'). "
            + "Results are stored locally: with --offline, or when the network fails, the same words search "
            + "every result fetched before."
        var options = self.options.map(\.spec)
        if let paging {
            let last = paging.maxPage
            options.append(.value(
                "page", valueName: "N", help: "The first page to fetch, \(paging.first) to \(last) (\(paging.size) a page).",
                default: String(paging.first)))
            options.append(.value(
                "pages", valueName: "N", help: "How many pages to fetch, never past page \(last).", default: "1",
                configurable: true))
        }
        return ProviderDescriptor(
            name: name, displayName: serviceName, summary: summary, discussion: discussion,
            arguments: [ArgumentSpec(wordsArgument, help: "What to search for; every remaining word is part of it.", variadic: true)],
            options: options,
            examples: ["apicli \(name) <words>", "apicli \(name) <words> --offline"],
            defaultBaseURL: baseURL,
            credential: key.map {
                CredentialSpec(
                    placement: $0.placement, environmentVariable: $0.environmentVariable,
                    signupURL: $0.signupURL ?? "the API's documentation", keyOwner: keyOf)
            },
            rateLimits: limitsWithSpacing,
            cacheTTL: .seconds(cacheSeconds),
            storage: FileItemSchema.ownership,
            pageParameter: paging.map {
                PageParameter(
                    name: $0.parameter, first: $0.style == .offset ? 0 : $0.first, step: $0.style == .offset ? $0.size : 1,
                    last: $0.style == .offset ? ($0.maxPage - $0.first) * $0.size : $0.maxPage, items: items.segments,
                    pageSize: $0.size, sizeParameter: $0.sizeParameter)
            })
    }

    /// The positional argument's name in help: `words`, or the path placeholder it fills.
    var wordsArgument: String {
        switch words {
        case .parameter: "words"
        case let .pathSegment(name): name
        }
    }
}

extension ProviderFile.Option {
    var spec: OptionSpec {
        switch type {
        case .text:
            .value(name, valueName: "TEXT", help: help, default: defaultValue, configurable: true)
        case let .integer(minimum, maximum):
            .value(
                name, valueName: "N", help: help + Self.bounds(minimum, maximum), default: defaultValue,
                configurable: true)
        case .date:
            .value(name, valueName: "DATE", help: help + " (YYYY-MM-DD or YYYYMMDD)", default: defaultValue)
        case let .choice(choices):
            .value(name, valueName: "VALUE", help: help, choices: choices, default: defaultValue, configurable: true)
        }
    }

    private static func bounds(_ minimum: Int?, _ maximum: Int?) -> String {
        switch (minimum, maximum) {
        case let (low?, high?): " (\(low) to \(high))"
        case let (low?, nil): " (at least \(low))"
        case let (nil, high?): " (at most \(high))"
        case (nil, nil): ""
        }
    }
}
