#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a provider's OAuth2 token is kept: `tokens/NAME.json` in apicli's config folder,
/// owner-only (0600 in a 0700 folder), written whole through a temporary file and a rename so
/// that a run reading it sees the old token or the new one. Never in the store: the store is
/// meant to be copied and queried, a token is a secret (see docs/design/0246).
struct TokenFile: Sendable {
    /// The `tokens` folder inside the config folder.
    var folder: String

    init(configFolder: String) {
        folder = configFolder + "/tokens"
    }

    func path(of provider: String) -> String { folder + "/" + provider + ".json" }

    /// The token kept for `provider`, or nil when there is none or it cannot be read as one.
    func read(_ provider: String) -> OAuth2Token? {
        guard let data = FileManager.default.contents(atPath: path(of: provider)) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(OAuth2Token.self, from: data)
    }

    func write(_ token: OAuth2Token, for provider: String) throws(OwnerOnlyFile.Failure) {
        // The config folder and its parents may not exist yet: a first sign-in before any `config set`.
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw OwnerOnlyFile.Failure(code: errno == 0 ? EACCES : errno)
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(token), let text = String(data: data, encoding: .utf8) else {
            throw OwnerOnlyFile.Failure(code: EINVAL)
        }
        try OwnerOnlyFile.save(text + "\n", to: path(of: provider))
    }

    /// Forgets the token; true when there was one.
    @discardableResult
    func remove(_ provider: String) -> Bool {
        unlink(path(of: provider)) == 0
    }
}
