import APICore

/// Writes a ``ProviderFile`` as the JSON a person would write: fields in the
/// documented order, defaults left out, so `apicli provider add` makes a file
/// that reads like the docs and passes ``ProviderFileReader`` unchanged.
public enum ProviderFileWriter {
    public static func json(_ file: ProviderFile) -> JSONValue {
        let single = file.operations.count == 1 ? file.operations.first.flatMap { isVersion1(file, $0) ? $0 : nil } : nil
        var members: [JSONValue.Member] = [
            .init("apicli", .int(single == nil ? Int64(ProviderFile.formatVersion) : 1)),
            .init("name", .string(file.name)),
            .init("summary", .string(file.summary)),
        ]
        if let about = file.about { members.append(.init("about", .string(about))) }
        if let displayName = file.displayName { members.append(.init("displayName", .string(displayName))) }
        members.append(.init("baseURL", .string(file.baseURL.absoluteString)))
        if let single {
            // Version 1, as every file was before operations: path and words before the key.
            members.append(.init("path", .string(single.path)))
            if let words = single.words { members.append(.init("words", self.words(words, optional: single.wordsOptional))) }
            members.append(.init("key", key(file.key)))
            if let keyOf = file.keyOf { members.append(.init("keyOf", .string(keyOf))) }
            if !file.headers.isEmpty { members.append(.init("headers", headers(file.headers))) }
            members += operationMembers(single).filter { !["path", "words"].contains($0.key) }
        } else {
            members.append(.init("key", key(file.key)))
            if let keyOf = file.keyOf { members.append(.init("keyOf", .string(keyOf))) }
            if !file.headers.isEmpty { members.append(.init("headers", headers(file.headers))) }
            members.append(.init("operations", .array(file.operations.map(operationObject))))
        }
        if !file.rateLimits.isEmpty { members.append(.init("rateLimits", rateLimits(file.rateLimits))) }
        if let spacing = file.spacing { members.append(.init("spacing", .int(Int64(spacing)))) }
        members.append(.init("cacheSeconds", .int(Int64(file.cacheSeconds))))
        return .object(members)
    }

    /// Whether format 1 says all of the operation: one operation named as the
    /// provider, with words and no arguments, as every file before version 2.
    static func isVersion1(_ file: ProviderFile, _ operation: ProviderFile.Operation) -> Bool {
        operation.name == file.name && operation.summary == file.summary && operation.about == nil
            && operation.arguments.isEmpty && operation.words != nil
            && !operation.options.contains(where: \.required) && operation.sendsKey
            && operation.aliases.isEmpty && operation.tags.isEmpty
            && operation.method == "GET" && operation.read == nil && !operation.options.contains(where: \.inBody) && !operation.formBody
    }

    /// One operation's fields in the documented order.
    static func operationMembers(_ operation: ProviderFile.Operation) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = [.init("path", .string(operation.path))]
        members += methodMembers(operation)
        if let words = operation.words { members.append(.init("words", self.words(words, optional: operation.wordsOptional))) }
        if !operation.arguments.isEmpty { members.append(.init("arguments", .array(operation.arguments.map(argument)))) }
        if !operation.options.isEmpty { members.append(.init("options", .array(operation.options.map(option)))) }
        members.append(.init("items", items(operation.items)))
        members += itemsSeen(operation)
        if let id = operation.id { members.append(.init("id", .string(id.description))) }
        members.append(.init("columns", .array(operation.columns.map(column))))
        if let paging = operation.paging { members.append(.init("paging", self.paging(paging))) }
        return members
    }

    private static func argument(_ argument: ProviderFile.Argument) -> JSONValue {
        var members: [JSONValue.Member] = [.init("name", .string(argument.name)), .init("parameter", .string(argument.parameter))]
        members += typeMembers(argument.type)
        if let pattern = argument.pattern { members.append(.init("pattern", .string(pattern))) }
        members.append(.init("help", .string(argument.help)))
        return .object(members)
    }

    /// The file's text: pretty JSON and a final newline.
    public static func text(_ file: ProviderFile) -> String {
        json(file).serialized(pretty: true) + "\n"
    }

    private static func words(_ words: ProviderFile.Words, optional: Bool = false) -> JSONValue {
        switch words {
        case let .parameter(name): optional ? ["parameter": .string(name), "optional": true] : ["parameter": .string(name)]
        case let .pathSegment(name): ["pathSegment": .string(name)]
        }
    }

    private static func key(_ key: ProviderFile.Key?) -> JSONValue {
        guard let key else { return "none" }
        let place: JSONValue.Member = switch key.placement {
        case let .query(name): .init("parameter", .string(name))
        case let .header(name): .init("header", .string(name))
        case .bearer: .init("scheme", "bearer")
        case .basic: .init("scheme", "basic")
        }
        var members: [JSONValue.Member] = [place, .init("environmentVariable", .string(key.environmentVariable))]
        if let signup = key.signupURL { members.append(.init("signupURL", .string(signup))) }
        if key.optional { members.append(.init("optional", true)) }
        if let oauth2 = key.oauth2 { members.append(.init("oauth2", Self.oauth2(oauth2))) }
        return .object(members)
    }

    private static func option(_ option: ProviderFile.Option) -> JSONValue {
        var members: [JSONValue.Member] = [.init("name", .string(option.name)), .init("parameter", .string(option.parameter))]
        members += typeMembers(option.type)
        if let pattern = option.pattern { members.append(.init("pattern", .string(pattern))) }
        members.append(.init("help", .string(option.help)))
        if let value = option.defaultValue { members.append(.init("default", .string(value))) }
        if let value = option.apiDefault { members.append(.init("apiDefault", .string(value))) }
        if option.required { members.append(.init("required", .bool(true))) }
        if option.inBody { members.append(.init("in", "body")) }
        if option.secret { members.append(.init("secret", true)) }
        return .object(members)
    }

    /// `type` and what it needs (`minimum`, `format`, `choices`).
    private static func typeMembers(_ type: ProviderFile.OptionType) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        switch type {
        case .text:
            members.append(.init("type", "text"))
        case let .integer(minimum, maximum):
            members.append(.init("type", "integer"))
            if let minimum { members.append(.init("minimum", .int(Int64(minimum)))) }
            if let maximum { members.append(.init("maximum", .int(Int64(maximum)))) }
        case let .date(format):
            members += [.init("type", "date"), .init("format", .string(format))]
        case let .choice(choices):
            members += [.init("type", "choice"), .init("choices", .array(choices.map(JSONValue.string)))]
        }
        return members
    }

    private static func column(_ column: ProviderFile.Column) -> JSONValue {
        [
            "name": .string(column.name), "path": .string(column.path.description),
            "kind": .string(column.kind.rawValue), "searchable": .bool(column.searchable),
        ]
    }

    private static func paging(_ paging: ProviderFile.Paging) -> JSONValue {
        if paging.style.followsAnswer { return answerPaging(paging) }
        var members: [JSONValue.Member] = [
            .init("style", .string(paging.style.rawValue)), .init("parameter", .string(paging.parameter)),
            .init("first", .int(Int64(paging.first))), .init("size", .int(Int64(paging.size))),
        ]
        if let size = paging.sizeParameter { members.append(.init("sizeParameter", .string(size))) }
        members.append(.init("maxPage", .int(Int64(paging.maxPage))))
        if let total = paging.total { members.append(.init("total", .string(total.description))) }
        if let step = offsetStep(paging) { members.append(step) }
        return .object(members)
    }

    private static func rateLimits(_ limits: [RateLimit]) -> JSONValue {
        let names: [Int64: String] = [1: "perSecond", 60: "perMinute", 3_600: "perHour", 86_400: "perDay"]
        return .object(limits.compactMap { limit in
            names[limit.window.components.seconds].map { JSONValue.Member($0, .int(Int64(limit.count))) }
        })
    }
}
