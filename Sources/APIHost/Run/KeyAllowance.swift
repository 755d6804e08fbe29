#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a key brings with it: the allowance of the provider that owns it.
///
/// NYT's allowance (5 a minute, 500 a day, 12 s apart) belongs to the key, not to a command:
/// `apicli nyt`, the bundled `nyt-top`, `nyt-books`… and any provider file imported with
/// `--key-of nyt` all spend it. So everything sent with one key is counted in one bucket of the
/// rate-limit ledger (the owner's name), under the owner's limits and its spacing setting
/// (`APICLI_NYT_SPACING`), whichever command sends it, in whichever process
/// (docs/design/0271-a-key-brings-its-allowance.md).
struct KeyAllowance: Sendable, Equatable {
    /// The ledger's bucket: the key owner's name, or the provider's own when its key is its own.
    var bucket: String
    var limits: [RateLimit]

    /// The allowance `descriptor` runs under; `keyOwner` is the provider whose key it uses, when
    /// that provider is known (a compiled provider).
    static func of(_ descriptor: ProviderDescriptor, keyOwner: ProviderDescriptor?, variables: [String: String]) throws -> KeyAllowance {
        let own = try RateLimitSettings.limits(for: descriptor, variables: variables)
        guard let ownerName = descriptor.credential?.keyOwner else { return KeyAllowance(bucket: descriptor.name, limits: own) }
        guard let keyOwner, keyOwner.name == ownerName else { return KeyAllowance(bucket: ownerName, limits: own) }
        let owners = try RateLimitSettings.limits(for: keyOwner, variables: variables)
        // The owner's limits, spacing included; a window the file declares beyond them still holds.
        let extra = own.filter { $0.count > 1 && !owners.contains($0) }
        return KeyAllowance(bucket: ownerName, limits: owners + extra)
    }

    /// The variable that overrides `descriptor`'s base URL: its own (`APICLI_NYT_TOP_BASE_URL`)
    /// when set; else, for a provider using another's key at the same origin (scheme, host and
    /// port), the owner's (`APICLI_NYT_BASE_URL`), so that one variable points NYT's whole
    /// family at a stand-in server; else its own.
    static func baseURLVariable(of descriptor: ProviderDescriptor, keyOwner: ProviderDescriptor?, variables: [String: String]) -> String {
        let own = descriptor.baseURLVariableName
        guard variables[own] == nil, let keyOwner, descriptor.credential?.keyOwner == keyOwner.name,
              variables[keyOwner.baseURLVariableName] != nil,
              origin(descriptor.defaultBaseURL) == origin(keyOwner.defaultBaseURL)
        else { return own }
        return keyOwner.baseURLVariableName
    }

    private static func origin(_ url: URL) -> String {
        (url.scheme?.lowercased() ?? "") + "://" + (url.host?.lowercased() ?? "") + ":" + String(url.port ?? -1)
    }
}
