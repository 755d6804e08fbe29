#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// The last wall between a credential and an agent: every key apicli knows (each
/// provider's, from the environment or the config file) and every password or user
/// name in an `APICLI_*_BASE_URL`, replaced by `***` in whatever `apicli mcp` writes.
///
/// The pipeline already keeps keys out (the client scrubs what servers echo, errors are
/// redacted); an agent's context is a place a key must never reach, and what lands
/// there is kept and quoted back, so this pass does not depend on every path before it.
struct SecretGuard: Sendable {
    /// Longest first, so that a key containing another is replaced whole.
    let secrets: [String]

    init(secrets: [String]) {
        self.secrets = Array(Set(secrets.filter { $0.count >= SecretScrubber.shortestKey })).sorted { $0.count > $1.count }
    }

    /// The secrets of `descriptors` under `settings`: their keys, and the credentials in their base URLs.
    init(descriptors: [ProviderDescriptor], settings: Settings, variables: [String: String]) {
        var found: [String] = []
        for descriptor in descriptors where descriptor.credential != nil {
            if let key = settings.apiKey(for: descriptor) { found.append(key) }
        }
        for (name, value) in variables where name.hasPrefix("APICLI_") && name.hasSuffix("_BASE_URL") {
            guard let url = URL(string: value) else { continue }
            if let password = url.password(percentEncoded: false) { found.append(password) }
            if let user = url.user(percentEncoded: false) { found.append(user) }
        }
        self.init(secrets: found)
    }

    func scrub(_ text: String) -> String {
        var text = text
        for secret in secrets where text.containsLiteral(secret) { text = text.replacingAll(secret, with: "***") }
        return text
    }

    func scrub(_ value: JSONValue) -> JSONValue {
        guard !secrets.isEmpty else { return value }
        switch value {
        case let .string(text): return .string(scrub(text))
        case let .array(elements): return .array(elements.map(scrub))
        case let .object(members): return .object(members.map { .init(scrub($0.key), scrub($0.value)) })
        default: return value
        }
    }
}
