import APICore

/// Writes a ``ProviderFile`` as the JSON a person would write: fields in the
/// documented order, defaults left out, so `apicli provider add` makes a file
/// that reads like the docs and passes ``ProviderFileReader`` unchanged.
public enum ProviderFileWriter {
    public static func json(_ file: ProviderFile) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("apicli", .int(Int64(ProviderFile.formatVersion))),
            .init("name", .string(file.name)),
            .init("summary", .string(file.summary)),
        ]
        if let about = file.about { members.append(.init("about", .string(about))) }
        if let displayName = file.displayName { members.append(.init("displayName", .string(displayName))) }
        members += [
            .init("baseURL", .string(file.baseURL.absoluteString)),
            .init("path", .string(file.path)),
            .init("words", words(file.words)),
            .init("key", key(file.key)),
        ]
        if !file.options.isEmpty { members.append(.init("options", .array(file.options.map(option)))) }
        members.append(.init("items", items(file.items)))
        if let id = file.id { members.append(.init("id", .string(id.description))) }
        members.append(.init("columns", .array(file.columns.map(column))))
        if let paging = file.paging { members.append(.init("paging", self.paging(paging))) }
        if !file.rateLimits.isEmpty { members.append(.init("rateLimits", rateLimits(file.rateLimits))) }
        members.append(.init("cacheSeconds", .int(Int64(file.cacheSeconds))))
        return .object(members)
    }

    /// The file's text: pretty JSON and a final newline.
    public static func text(_ file: ProviderFile) -> String {
        json(file).serialized(pretty: true) + "\n"
    }

    private static func words(_ words: ProviderFile.Words) -> JSONValue {
        switch words {
        case let .parameter(name): ["parameter": .string(name)]
        case let .pathSegment(name): ["pathSegment": .string(name)]
        }
    }

    private static func key(_ key: ProviderFile.Key?) -> JSONValue {
        guard let key else { return "none" }
        let place: JSONValue.Member = switch key.placement {
        case let .query(name): .init("parameter", .string(name))
        case let .header(name): .init("header", .string(name))
        }
        var members: [JSONValue.Member] = [place, .init("environmentVariable", .string(key.environmentVariable))]
        if let signup = key.signupURL { members.append(.init("signupURL", .string(signup))) }
        return .object(members)
    }

    private static func option(_ option: ProviderFile.Option) -> JSONValue {
        var members: [JSONValue.Member] = [.init("name", .string(option.name)), .init("parameter", .string(option.parameter))]
        switch option.type {
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
        members.append(.init("help", .string(option.help)))
        if let value = option.defaultValue { members.append(.init("default", .string(value))) }
        return .object(members)
    }

    private static func column(_ column: ProviderFile.Column) -> JSONValue {
        [
            "name": .string(column.name), "path": .string(column.path.description),
            "kind": .string(column.kind.rawValue), "searchable": .bool(column.searchable),
        ]
    }

    private static func paging(_ paging: ProviderFile.Paging) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("style", .string(paging.style.rawValue)), .init("parameter", .string(paging.parameter)),
            .init("first", .int(Int64(paging.first))), .init("size", .int(Int64(paging.size))),
        ]
        if let size = paging.sizeParameter { members.append(.init("sizeParameter", .string(size))) }
        members.append(.init("maxPage", .int(Int64(paging.maxPage))))
        if let total = paging.total { members.append(.init("total", .string(total.description))) }
        return .object(members)
    }

    private static func rateLimits(_ limits: [RateLimit]) -> JSONValue {
        let names: [Int64: String] = [1: "perSecond", 60: "perMinute", 3_600: "perHour", 86_400: "perDay"]
        return .object(limits.compactMap { limit in
            names[limit.window.components.seconds].map { JSONValue.Member($0, .int(Int64(limit.count))) }
        })
    }
}
