import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FileProvider {
    /// One query: the words, each option read by its type, and the pages.
    func queries(from command: ParsedCommand) throws -> [FileQuery] {
        let words = command.words
        guard !words.isEmpty else {
            throw UsageError("give the words to search for: apicli \(file.name) <\(file.wordsArgument)…>")
        }
        var parameters: [QueryItem] = []
        for option in file.options {
            guard let value = try wireValue(of: option, in: command) else { continue }
            parameters.append(QueryItem(option.parameter, value))
        }
        var firstPage = 0
        var pages = 1
        if let paging = file.paging {
            firstPage = try command.int("page", in: paging.first...paging.maxPage) ?? paging.first
            pages = try command.int("pages", in: 1...(paging.maxPage - paging.first + 1)) ?? 1
            pages = min(pages, paging.maxPage - firstPage + 1)
        }
        return [FileQuery(words: words, parameters: parameters, firstPage: firstPage, pages: pages)]
    }

    private func wireValue(of option: ProviderFile.Option, in command: ParsedCommand) throws -> String? {
        switch option.type {
        case .text, .choice:
            return command.value(option.name)
        case let .integer(minimum, maximum):
            let range = (minimum ?? Int(Int32.min))...(maximum ?? Int(Int32.max))
            return try command.int(option.name, in: range).map(String.init)
        case let .date(format):
            return try command.date(option.name).map { DateWireFormat.format($0, as: format) }
        }
    }

    /// The file's path (its placeholder filled with the words) and parameters:
    /// words, options in the file's order, then paging. The first page is the
    /// API's default, so it is not sent.
    func request(for query: FileQuery, page: Int) -> Endpoint {
        var endpoint = Endpoint(path: file.path)
        switch file.words {
        case let .parameter(name):
            endpoint.add(name, query.words)
        case let .pathSegment(name):
            endpoint.path = file.path.replacingAll("{\(name)}", with: PercentEncoding.pathSegment(query.words))
        }
        endpoint.query += query.parameters
        if let paging = file.paging {
            // Paging that follows the answer builds the first page only (``nextPage(after:links:page:for:)``).
            if !paging.style.followsAnswer {
                let absolute = query.firstPage + page
                let value = paging.style == .page ? absolute : (absolute - paging.first) * paging.size
                endpoint.add(paging.parameter, absolute == paging.first ? nil : String(value))
            }
            if let size = paging.sizeParameter { endpoint.add(size, String(paging.size)) }
        }
        return endpoint
    }

    /// Finds the items where the file says; a path the answer does not have is
    /// the file's fault (exit 78, naming the field), not the server's.
    func decode(_ body: Data, for query: FileQuery, warnings: inout [String]) throws -> FileAnswer {
        let document = try JSONBody.decode(JSONValue.self, from: body) {
            "the \(file.serviceName) answer is not JSON (\($0))"
        }
        guard let found = file.items.value(in: document) else {
            let nearest = file.items.nearestExisting(in: document)
            let at = nearest.found.isEmpty ? "it" : "'\(nearest.found)'"
            let has = nearest.names.isEmpty ? "" : " (\(at) has: \(nearest.names.prefix(8).joined(separator: ", ")))"
            throw ProviderFailure.misdescribed(
                "\(source): items: the answer has no '\(file.items)'\(has); fix the file and check it with "
                    + "'apicli provider check \(file.name) --sample FILE'")
        }
        guard case let .array(elements) = found else {
            throw ProviderFailure.misdescribed("\(source): items: '\(file.items)' in the answer is not an array")
        }
        var items: [FileItem] = []
        var unnamed = 0
        for element in elements {
            guard case .object = element else { continue }
            if let id = file.id.flatMap({ $0.value(in: element) }), id.isScalar, !id.cellText.isEmpty {
                items.append(FileItem(id: id.cellText, value: element))
            } else {
                if file.id != nil { unnamed += 1 }
                items.append(FileItem(id: ContentHash.of(element), value: element))
            }
        }
        if elements.count > items.count {
            warnings.append("skipped \(elements.count - items.count) results that are not JSON objects")
        }
        if unnamed > 0, let id = file.id {
            warnings.append("\(unnamed) results have no '\(id)'; they are told apart by their content")
        }
        let total = file.paging?.total.flatMap { $0.value(in: document) }.flatMap(Self.count)
        return FileAnswer(items: items, total: total, next: file.paging?.nextInAnswer(document))
    }

    /// A total sent as a number or as digits.
    private static func count(_ value: JSONValue) -> Int? {
        switch value {
        case let .int(number): Int(exactly: number)
        case let .double(number): Int(exactly: number.rounded())
        case let .string(text): Int(text)
        default: nil
        }
    }
}
