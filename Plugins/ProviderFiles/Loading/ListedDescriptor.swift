import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What listing a provider needs of its description, as the index's catalog keeps it:
/// its name, summary, display name, base URL, key, limits, cache time and the options
/// `apicli config` may set — the parts of ``ProviderFile/descriptor(source:)`` that
/// `--help`, `providers`, `config` and completion scripts read, and nothing else
/// (no operations, no help texts, no discussion).
///
/// It is a projection of the description made from the checked file, written as compact
/// JSON and read back with the kit's answer parser, without checking it again: the file it
/// came from was checked, the index is trusted only as far as the providers folder is, and
/// a value that does not read back is a catalog to rebuild, never an error.
enum ListedDescriptor {
    /// The listing's part of `descriptor`.
    static func encode(_ descriptor: ProviderDescriptor) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("summary", .string(descriptor.summary)), .init("displayName", .string(descriptor.displayName)),
            .init("baseURL", .string(descriptor.defaultBaseURL.absoluteString)),
            .init("cacheSeconds", .int(descriptor.cacheTTL.components.seconds)),
            .init("rateLimits", .array(descriptor.rateLimits.map { .array([.int(Int64($0.count)), .int($0.window.components.seconds)]) })),
        ]
        if let credential = descriptor.credential {
            let (kind, name): (String, String) = switch credential.placement {
            case let .query(parameter): ("query", parameter)
            case let .header(header): ("header", header)
            case .bearer: ("bearer", "")
            case .basic: ("basic", "")
            }
            var key: [JSONValue.Member] = [
                .init("in", .string(kind)), .init("name", .string(name)), .init("variable", .string(credential.environmentVariable)),
                .init("signup", .string(credential.signupURL)),
            ]
            if let owner = credential.keyOwner { key.append(.init("owner", .string(owner))) }
            if let oauth2 = credential.oauth2 { key.append(.init("oauth2", ProviderFileWriter.oauth2(oauth2))) }
            members.append(.init("key", .object(key)))
        }
        let options = descriptor.options.filter(\.configurable).map { option -> JSONValue in
            var fields: [JSONValue.Member] = [.init("name", .string(option.name))]
            if let value = option.valueName { fields.append(.init("value", .string(value))) }
            if !option.choices.isEmpty { fields.append(.init("choices", .array(option.choices.map(JSONValue.string)))) }
            if let value = option.defaultValue { fields.append(.init("default", .string(value))) }
            return .object(fields)
        }
        members.append(.init("options", .array(options)))
        return .object(members)
    }

    /// The description `value` holds for the provider `name`; nil when it holds anything else.
    static func decode(_ value: JSONValue, name: String) -> ProviderDescriptor? {
        guard let summary = value["summary"]?.text, let displayName = value["displayName"]?.text,
              let base = value["baseURL"]?.text, let baseURL = URL(string: base), let cache = value["cacheSeconds"]?.whole,
              case let .array(limits)? = value["rateLimits"], case let .array(optionValues)? = value["options"]
        else { return nil }
        var rateLimits: [RateLimit] = []
        for limit in limits {
            guard case let .array(pair) = limit, pair.count == 2, let count = pair[0].whole, let seconds = pair[1].whole
            else { return nil }
            rateLimits.append(RateLimit(Int(count), per: .seconds(seconds)))
        }
        var credential: CredentialSpec?
        if let key = value["key"] {
            guard let kind = key["in"]?.text, let keyName = key["name"]?.text, let variable = key["variable"]?.text,
                  let signup = key["signup"]?.text
            else { return nil }
            let placement: CredentialPlacement
            switch kind {
            case "query": placement = .query(keyName)
            case "header": placement = .header(keyName)
            case "bearer": placement = .bearer
            case "basic": placement = .basic
            default: return nil
            }
            credential = CredentialSpec(
                placement: placement, environmentVariable: variable, signupURL: signup, keyOwner: key["owner"]?.text)
            if let flows = key["oauth2"] {
                guard let oauth2 = listedOAuth2(flows) else { return nil }
                credential?.oauth2 = oauth2
            }
        }
        var options: [OptionSpec] = []
        for option in optionValues {
            guard let optionName = option["name"]?.text else { return nil }
            var spec = OptionSpec.value(optionName, valueName: option["value"]?.text ?? "VALUE", help: "", configurable: true)
            if case let .array(choices)? = option["choices"] { spec.choices = choices.compactMap(\.text) }
            spec.defaultValue = option["default"]?.text
            options.append(spec)
        }
        return ProviderDescriptor(
            name: name, displayName: displayName, summary: summary, options: options, defaultBaseURL: baseURL,
            credential: credential, rateLimits: rateLimits, cacheTTL: .seconds(cache), storage: FileItemSchema.ownership)
    }
}

extension ListedDescriptor {
    /// `key.oauth2` as ``ProviderFileWriter/oauth2(_:)`` wrote it; nil when it holds anything else.
    private static func listedOAuth2(_ value: JSONValue) -> OAuth2SignIn? {
        guard case let .object(members) = value else { return nil }
        var flows: [OAuth2SignIn.Flow] = []
        for member in members {
            guard let kind = OAuth2SignIn.Flow.Kind(rawValue: member.key), let token = member.value["tokenURL"]?.text,
                  let tokenURL = URL(string: token)
            else { return nil }
            var scopes: [String] = []
            if case let .array(listed)? = member.value["scopes"] { scopes = listed.compactMap(\.text) }
            flows.append(OAuth2SignIn.Flow(
                kind: kind, tokenURL: tokenURL, authorizationURL: member.value["authorizationURL"]?.text.flatMap(URL.init(string:)),
                deviceAuthorizationURL: member.value["deviceAuthorizationURL"]?.text.flatMap(URL.init(string:)), scopes: scopes))
        }
        return OAuth2SignIn(flows: flows)
    }

    /// A provider that carries a listed description: what a catalog entry holds. It describes
    /// and is never run (the registry runs what ``ProviderDirectory/provider(named:running:)``
    /// reads): its file has the provider's own fields and no operation of its own.
    static func provider(_ descriptor: ProviderDescriptor, source: String) -> any Provider {
        let key = descriptor.credential.map {
            ProviderFile.Key(placement: $0.placement, environmentVariable: $0.environmentVariable, signupURL: $0.signupURL)
        }
        var file = ProviderFile(
            name: descriptor.name, summary: descriptor.summary, about: nil, displayName: descriptor.displayName,
            baseURL: descriptor.defaultBaseURL, key: key, rateLimits: descriptor.rateLimits,
            cacheSeconds: Int(descriptor.cacheTTL.components.seconds),
            operations: [ProviderFile.Operation(
                name: descriptor.name, summary: descriptor.summary, about: nil, path: "/", words: nil, arguments: [], options: [],
                items: ItemsShape(.record, at: nil), id: nil, columns: [], paging: nil)])
        file.keyOf = descriptor.credential?.keyOwner
        return FileProvider(file: file, source: source, descriptor: descriptor)
    }
}

extension FileProvider {
    /// A provider whose description is given: a listed one, whose operations its catalog leaves out.
    init(file: ProviderFile, source: String, descriptor: ProviderDescriptor) {
        self.file = file
        self.source = source
        self.descriptor = descriptor
    }
}

private extension JSONValue {
    var text: String? {
        guard case let .string(text) = self else { return nil }
        return text
    }

    var whole: Int64? {
        guard case let .int(number) = self else { return nil }
        return number
    }
}
