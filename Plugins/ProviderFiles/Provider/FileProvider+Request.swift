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
            let absolute = query.firstPage + page
            let value = paging.style == .page ? absolute : (absolute - paging.first) * paging.size
            endpoint.add(paging.parameter, absolute == paging.first ? nil : String(value))
            if let size = paging.sizeParameter { endpoint.add(size, String(paging.size)) }
        }
        return endpoint
    }

    /// Finds the items where and as the file says (``AnswerElements``).
    func decode(_ body: Data, for query: FileQuery, warnings: inout [String]) throws -> FileAnswer {
        let (document, nulled) = try LenientJSON.decode(body) { "the \(file.serviceName) answer is not JSON (\($0))" }
        if nulled > 0 {
            warnings.append("\(nulled) value\(nulled == 1 ? "" : "s") of the answer could not be read (a number too large, or text that is not UTF-8) and \(nulled == 1 ? "is" : "are") shown empty")
        }
        let (elements, skipped) = try AnswerElements(shape: file.items, source: source, providerName: file.name).read(document)
        var items: [FileItem] = []
        var unnamed = 0
        for (index, element) in elements.enumerated() {
            if let id = file.id.flatMap({ $0.value(in: element) }), id.isScalar, !id.cellText.isEmpty {
                items.append(FileItem(id: id.cellText, value: element))
            } else if file.items.isWholeAnswer {
                // The answer is stored under its query: the next answer to it replaces this one.
                items.append(FileItem(id: ContentHash.of(.string(query.storageKey + "#\(index)")), value: element))
            } else {
                if file.id != nil { unnamed += 1 }
                items.append(FileItem(id: ContentHash.of(element), value: element))
            }
        }
        if skipped > 0 {
            warnings.append("skipped \(skipped) results that are not JSON objects")
        }
        if unnamed > 0, let id = file.id {
            warnings.append("\(unnamed) results have no '\(id)'; they are told apart by their content")
        }
        let total = file.paging?.total.flatMap { $0.value(in: document) }.flatMap(Self.count)
        return FileAnswer(items: items, total: total)
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
