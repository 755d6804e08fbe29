#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

/// A provider described as data: the host derives parsing, help, completions,
/// the man page, key lookup, the base URL override, rate limits and cache TTL
/// from it.
public struct ProviderDescriptor: Sendable {
    /// The command word (`nyt`): lowercase letters, digits and dashes.
    public var name: String
    /// How messages name the service (`NYT`, `OpenWeather`).
    public var displayName: String
    /// One line for `apicli providers`.
    public var summary: String
    /// Paragraphs for `apicli help <name>`.
    public var discussion: String
    public var arguments: [ArgumentSpec]
    public var options: [OptionSpec]
    /// Shell lines shown under EXAMPLES in help and the man page.
    public var examples: [String]
    /// The commands under the provider's name (`apicli books lists-overview`);
    /// empty: the provider is one command and ``arguments`` are its words.
    /// ``options`` are shared by every operation.
    public var operations: [OperationSpec]
    /// Used unless `APICLI_<NAME>_BASE_URL` says otherwise.
    public var defaultBaseURL: URL
    /// Where the key goes; nil for keyless APIs.
    public var credential: CredentialSpec?
    /// The API's published allowance; the host never sends more.
    public var rateLimits: [RateLimit]
    /// How long a response stays fresh in the cache, unless the server says otherwise.
    public var cacheTTL: Duration
    /// Where its rows are in the store; nil: tables of its own, named `<name>_…`.
    public var storage: StorageOwnership?
    /// How the API pages a request the host did not build (`apicli api --paginate`); nil when it does not.
    public var pageParameter: PageParameter?
    /// The API paths its operations request, as templates (`/svc/topstories/v2/{section}.json`):
    /// `apicli api` takes a path as the API's document writes it (`/home.json`, the part the
    /// document leaves to its server) and sends it under the part the template has. Empty: none.
    public var apiPaths: [String] = []

    public init(
        name: String, displayName: String, summary: String, discussion: String = "",
        arguments: [ArgumentSpec] = [], options: [OptionSpec] = [], examples: [String] = [],
        defaultBaseURL: URL, credential: CredentialSpec? = nil,
        rateLimits: [RateLimit] = [], cacheTTL: Duration = .seconds(600), storage: StorageOwnership? = nil,
        pageParameter: PageParameter? = nil, operations: [OperationSpec] = []
    ) {
        self.name = name
        self.displayName = displayName
        self.summary = summary
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.examples = examples
        self.defaultBaseURL = defaultBaseURL
        self.credential = credential
        self.rateLimits = rateLimits
        self.cacheTTL = cacheTTL
        self.storage = storage
        self.pageParameter = pageParameter
        self.operations = operations
    }

    /// Where its rows are: ``storage``, or tables of its own.
    public var storageOwnership: StorageOwnership { storage ?? .own(name) }

    /// `APICLI_NYT_BASE_URL` for `nyt`: the environment prefix for this provider's settings.
    public var environmentPrefix: String {
        "APICLI_" + name.uppercased().replacingAll("-", with: "_")
    }

    /// `APICLI_NYT_BASE_URL`: where the base URL is overridden.
    public var baseURLVariableName: String { environmentPrefix + "_BASE_URL" }

    /// `nyt.api-key`: the setting that holds the key, the key owner's when the key is shared.
    public var apiKeySetting: String { (credential?.keyOwner ?? name) + ".api-key" }

    /// `APICLI_WEATHER_UNITS` for a configurable `--units`.
    public func environmentVariable(for option: OptionSpec) -> String {
        environmentPrefix + "_" + option.name.uppercased().replacingAll("-", with: "_")
    }
}

/// Where a provider's API key comes from and which query parameter or header carries it.
public struct CredentialSpec: Sendable, Hashable {
    /// The query parameter (`api-key`, `appid`) or header (`X-Api-Key`).
    public var placement: CredentialPlacement
    /// The environment variable (`NYT_API_KEY`).
    public var environmentVariable: String
    /// Where to get a key, for the "missing key" message.
    public var signupURL: String
    /// How long a new key can be refused before the API activates it (OpenWeather: up
    /// to 2 hours), so that "key rejected" does not send a new user hunting for a typo.
    public var activationDelay: Duration?
    /// The provider whose key this is (`nyt` for an NYT Books provider file imported
    /// with `--key-of nyt`): its `<name>.api-key` setting is read. nil: the provider's own.
    public var keyOwner: String?
    /// Whether the API answers without the key too (a document whose security is optional,
    /// or that declares OAuth2 but requires nothing): unset, requests go without it; set,
    /// it is sent. A missing key is then no error.
    public var optional = false
    /// How the host signs in for the key, when it is an OAuth2 bearer token apicli obtains
    /// itself (`apicli auth login`); nil: a key or token the user sets.
    public var oauth2: OAuth2SignIn? = nil

    public init(
        placement: CredentialPlacement, environmentVariable: String, signupURL: String, activationDelay: Duration? = nil,
        keyOwner: String? = nil
    ) {
        self.placement = placement
        self.environmentVariable = environmentVariable
        self.signupURL = signupURL
        self.activationDelay = activationDelay
        self.keyOwner = keyOwner
    }

    /// A key sent as the query parameter `parameter`.
    public init(parameter: String, environmentVariable: String, signupURL: String, activationDelay: Duration? = nil) {
        self.init(
            placement: .query(parameter), environmentVariable: environmentVariable, signupURL: signupURL,
            activationDelay: activationDelay)
    }

    /// The query parameter that carries the key; nil when a header does.
    public var parameter: String? {
        guard case let .query(name) = placement else { return nil }
        return name
    }
}
