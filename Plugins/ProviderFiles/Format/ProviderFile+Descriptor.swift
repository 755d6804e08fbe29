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
        discussion += accessParagraphs
        let single = operations.count == 1 ? operations.first : nil
        let groups = single == nil ? operationGroups : []
        var descriptor = ProviderDescriptor(
            name: name, displayName: serviceName, summary: summary, discussion: discussion,
            arguments: single?.argumentSpecs ?? [],
            options: (single?.optionSpecs ?? []) + headers.map(\.spec),
            examples: single.map(singleExamples) ?? [],
            defaultBaseURL: baseURL,
            credential: key.map {
                var spec = CredentialSpec(
                    placement: $0.placement, environmentVariable: $0.environmentVariable,
                    signupURL: $0.signupURL ?? "the API's documentation", keyOwner: keyOf)
                spec.optional = $0.optional
                spec.oauth2 = $0.oauth2
                return spec
            },
            rateLimits: limitsWithSpacing,
            cacheTTL: .seconds(cacheSeconds),
            storage: FileItemSchema.ownership,
            pageParameter: single?.numberedPaging.map { [items = single?.pagedItems ?? []] in
                PageParameter(
                    name: $0.parameter, first: $0.style == .offset ? 0 : $0.first, step: $0.style == .offset ? $0.size : 1,
                    last: $0.style == .offset ? ($0.maxPage - $0.first) * $0.size : $0.maxPage, items: items,
                    pageSize: $0.size, sizeParameter: $0.sizeParameter, stepsByItems: $0.step == .items)
            },
            operations: single == nil ? operations.enumerated().map { index, operation in
                var spec = OperationSpec(
                    name: operation.name, summary: operation.summary + operation.writeMark, discussion: operationDiscussion(of: operation),
                    arguments: operation.argumentSpecs, options: operation.optionSpecs, examples: examples(of: operation),
                    aliases: operation.aliases, group: groups[index], path: operation.path)
                spec.sendsKey = operation.sendsKey || key == nil
                spec.method = operation.method
                spec.isRead = operation.isRead
                return spec
            } : [])
        descriptor.apiPaths = operations.map(\.path)
        return descriptor
    }

    /// `apicli wiki <words>` for a file of one operation with words, as before operations.
    private func singleExamples(_ operation: ProviderFile.Operation) -> [String] {
        guard operation.arguments.isEmpty, operation.words != nil else { return examples(of: operation) }
        return ["apicli \(name) <words>", "apicli \(name) <words> --offline"]
    }

    /// `apicli books lists-list <list>`: the operation's words, as typed.
    private func examples(of operation: ProviderFile.Operation) -> [String] {
        // Appended piece by piece: a file of thousands of operations describes each of them.
        var example = operations.count == 1 ? "apicli " + name : "apicli " + name + " " + operation.name
        for argument in operation.argumentSpecs { example += argument.required ? " <" + argument.name + ">" : " [<" + argument.name + ">]" }
        for option in operation.options where option.required { example += " --" + option.name + " …" }
        return [example]
    }
}

extension ProviderFile.Operation {
    /// The path arguments in order, then the words, which take every remaining word.
    var argumentSpecs: [ArgumentSpec] {
        arguments.map { argument in
            if case let .choice(choices) = argument.type { return ArgumentSpec(argument.name, help: argument.help, choices: choices) }
            return ArgumentSpec(argument.name, help: argument.help)
        }
            + (words == nil ? [] : [ArgumentSpec(
                wordsArgument, help: "What to search for; every remaining word is part of it." + (wordsOptional ? " Optional." : ""),
                variadic: true, required: !wordsOptional)])
    }

    /// Its options, then `--page` and `--pages` when it pages.
    var optionSpecs: [OptionSpec] {
        var options = self.options.map(\.spec)
        if let paging {
            let last = paging.maxPage
            // A page found from the answer before it has no number to start at.
            if paging.hasNumberedPages {
                options.append(.value(
                    "page", valueName: "N", help: "The first page to fetch, \(paging.first) to \(last) (\(paging.size) a page).",
                    default: String(paging.first)))
            }
            let pagesHelp = paging.hasNumberedPages ? "How many pages to fetch, never past page \(last)."
                : paging.style == .offset ? "How many pages to fetch, 1 to \(last + 1), each starting after the items of the page before."
                : "How many pages to fetch, 1 to \(last + 1), each where the page before it says the next one is."
            options.append(.value("pages", valueName: "N", help: pagesHelp, default: "1", configurable: true))
        }
        return options + writeOptionSpecs
    }

    /// Paging by number, which `apicli api --paginate` can follow without the answer's help; nil otherwise.
    fileprivate var numberedPaging: ProviderFile.Paging? {
        guard let paging, !paging.style.followsAnswer else { return nil }
        return paging
    }

    /// The positional argument's name in help: `words`, or the path placeholder it fills.
    var wordsArgument: String {
        switch words {
        case .parameter?, nil: "words"
        case let .pathSegment(name)?: name
        }
    }
}

extension ProviderFile.Option {
    var spec: OptionSpec {
        let help = self.help + constraintNote
        return switch type {
        case .text:
            .value(name, valueName: "TEXT", help: help, default: defaultValue, configurable: true, required: required)
        case let .integer(minimum, maximum):
            .value(
                name, valueName: "N", help: help + Self.bounds(minimum, maximum), default: defaultValue,
                configurable: true, required: required)
        case .date:
            .value(name, valueName: "DATE", help: help + " (YYYY-MM-DD or YYYYMMDD)", default: defaultValue, required: required)
        case let .choice(choices):
            .value(
                name, valueName: "VALUE", help: help, choices: choices, default: defaultValue, configurable: true,
                required: required)
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
