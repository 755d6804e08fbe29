import APICore

/// What `provider show --format json` adds to each argument and option from its
/// declaration: the range, date format and pattern a run enforces, the default it
/// sends and the API's own default; and the provider's header settings.
extension ProviderFile {
    /// `minimum`, `maximum` (null when open), `format` (a date's wire format, else null) and `pattern`.
    static func constraints(_ type: OptionType, pattern: String?) -> [JSONValue.Member] {
        var minimum: Int?
        var maximum: Int?
        var format: String?
        switch type {
        case let .integer(low, high): (minimum, maximum) = (low, high)
        case let .date(wire): format = wire
        case .text, .choice: break
        }
        return [
            .init("minimum", minimum.map { .int(Int64($0)) } ?? .null),
            .init("maximum", maximum.map { .int(Int64($0)) } ?? .null),
            .init("format", format.map(JSONValue.string) ?? .null),
            .init("pattern", pattern.map(JSONValue.string) ?? .null),
        ]
    }

    /// `default` (sent when the option is not given) and `apiDefault` (what the API uses then, never sent), each or null; and `help`.
    static func defaults(_ option: Option) -> [JSONValue.Member] {
        [
            .init("default", option.defaultValue.map(JSONValue.string) ?? .null),
            .init("apiDefault", option.apiDefault.map(JSONValue.string) ?? .null),
            .init("help", .string(option.help)),
        ]
    }

    /// `headers`: each setting's header, option and environment variable.
    var headersJSON: JSONValue {
        .array(headers.map { header in
            .object([
                .init("header", .string(header.header)), .init("option", .string(header.name)),
                .init("setting", .string(name + "." + header.name)),
                .init("variable", .string(variable(of: header))),
            ])
        })
    }

    /// `APICLI_NWS_USER_AGENT`: the variable that sets a header, as for any configurable option.
    func variable(of header: Header) -> String {
        "APICLI_" + (name + "_" + header.name).uppercased().replacingAll("-", with: "_")
    }

    /// `object` with `members` after its own.
    static func adding(_ members: [JSONValue.Member], to object: JSONValue) -> JSONValue {
        guard case let .object(own) = object else { return object }
        return .object(own + members)
    }
}
