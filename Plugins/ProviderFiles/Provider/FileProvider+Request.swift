import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FileProvider {
    /// One query: the words, each option read by its type, and the pages.
    func queries(from commandLine: ParsedCommand) throws -> [FileQuery] {
        let several = file.operations.count > 1
        let operation = file.operations.first { $0.name == commandLine.operation } ?? file.primary
        let command = "apicli \(file.name)" + (several ? " " + operation.name : "")
        let values = try FileArguments.values(of: operation, in: commandLine, usage: command)
        let words = FileArguments.words(commandLine, after: operation.arguments.count)
        if operation.words != nil, !operation.wordsOptional, words.isEmpty {
            throw UsageError("give the words to search for: \(command) \(FileArguments.usage(of: operation))")
        }
        var parameters: [QueryItem] = []
        var body: [BodyField] = []
        for option in operation.options {
            guard let value = try wireValue(of: option, in: commandLine) else { continue }
            if option.inBody {
                body.append(BodyField(name: option.parameter, value: Self.bodyValue(value, type: option.type)))
            } else {
                parameters.append(QueryItem(option.parameter, value))
            }
        }
        var firstPage = 0
        var pages = 1
        if let paging = operation.paging {
            firstPage = try commandLine.int("page", in: paging.first...paging.maxPage) ?? paging.first
            pages = try commandLine.int("pages", in: 1...(paging.maxPage - paging.first + 1)) ?? 1
            pages = min(pages, paging.maxPage - firstPage + 1)
        }
        return [FileQuery(
            operation: several ? operation.name : "", arguments: values, words: words, parameters: parameters,
            firstPage: firstPage, pages: pages, body: body)]
    }

    /// A body option's value as JSON: a number for an integer option, else a string.
    static func bodyValue(_ wire: String, type: ProviderFile.OptionType) -> JSONValue {
        if case .integer = type, let number = Int64(wire) { return .int(number) }
        return .string(wire)
    }

    private func wireValue(of option: ProviderFile.Option, in command: ParsedCommand) throws -> String? {
        if let pattern = option.pattern.flatMap(ParameterPattern.init), let text = command.value(option.name) {
            switch PatternedValue.check(text, type: option.type, pattern: pattern) {
            case let .sent(value): return value
            case let .refused(reason): throw UsageError("--\(option.name) " + reason)
            }
        }
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
        let operation = self.operation(query)
        var endpoint = Endpoint(path: FileArguments.path(operation, filledWith: query.arguments))
        endpoint.method = operation.method
        endpoint.isRead = operation.isRead
        if !operation.bodyOptions.isEmpty || !["GET", "HEAD", "DELETE"].contains(operation.method) {
            endpoint.body = Self.encodedBody(query.body, form: operation.formBody)
            if operation.formBody { endpoint.contentType = "application/x-www-form-urlencoded" }
            maskSecrets(of: operation, fields: query.body, in: &endpoint)
        }
        switch operation.words {
        case let .parameter(name)?:
            // Optional words left out: the parameter is not sent at all.
            endpoint.add(name, operation.wordsOptional && query.words.isEmpty ? nil : query.words)
        case let .pathSegment(name)?:
            endpoint.path = endpoint.path.replacingAll("{\(name)}", with: PercentEncoding.pathSegment(query.words))
        case nil:
            break
        }
        endpoint.query += query.parameters
        if let paging = operation.paging {
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

    /// Finds the items where the file says, or where the answer shows them (``AnswerReading``).
    func decode(_ body: Data, for query: FileQuery, warnings: inout [String]) throws -> FileAnswer {
        let operation = self.operation(query)
        let (document, nulled) = try LenientJSON.decode(body) { "the \(file.serviceName) answer is not JSON (\($0))" }
        if nulled > 0 {
            warnings.append("\(nulled) value\(nulled == 1 ? "" : "s") of the answer could not be read (a number too large, or text that is not UTF-8) and \(nulled == 1 ? "is" : "are") shown empty")
        }
        let read = try readElements(of: document, for: operation, warnings: &warnings)
        let (elements, skipped) = (read.elements, read.skipped)
        var items: [FileItem] = []
        var unnamed = 0
        let answerKey = read.shape.isWholeAnswer ? query.storageKey : ""
        for (index, element) in elements.enumerated() {
            if read.shape.kind == .record {
                items.append(FileItem(id: RecordID.make(answerKey: query.storageKey), value: element))
            } else if let id = operation.id.flatMap({ $0.value(in: element) }), id.isScalar, !id.cellText.isEmpty {
                items.append(FileItem(id: id.cellText, value: element))
            } else if read.shape.isWholeAnswer {
                // The answer is stored under its query: the next answer to it replaces this one.
                items.append(FileItem(id: ContentHash.of(.string(answerKey + "#\(index)")), value: element))
            } else {
                if operation.id != nil { unnamed += 1 }
                items.append(FileItem(id: ContentHash.of(element), value: element))
            }
        }
        if skipped > 0 {
            warnings.append("skipped \(skipped) results that are not JSON objects")
        }
        if unnamed > 0, let id = operation.id {
            warnings.append("\(unnamed) results have no '\(id)'; they are told apart by their content")
        }
        let total = AnswerTotal.total(in: document, operation: operation)
        var answer = FileAnswer(
            items: items, total: total, next: operation.paging?.nextInAnswer(document, lastItem: items.last?.value),
            operation: query.operation)
        answer.isRecord = read.shape.kind == .record
        return answer
    }
}
