@testable import APIHost
import Foundation
import Testing

/// The token file: owner-only, written whole, read back the same, and never shown.
@Suite("OAuth2 token file")
struct TokenFileTests {
    static let token = OAuth2Token(
        flow: "clientCredentials", accessToken: "at-secret-7c1e", refreshToken: "rt-secret-93ab",
        expiresAt: Date(timeIntervalSince1970: 1_900_000_000), scopes: ["read", "write"])

    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("apicli-tokens-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("written with mode 0600 in a 0700 folder, through a rename that leaves nothing beside it; read back the same; removed")
    func roundTrip() throws {
        let config = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: config) }
        let file = TokenFile(configFolder: config)
        #expect(file.read("spotify") == nil)
        try file.write(Self.token, for: "spotify")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path(of: "spotify"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: config + "/tokens")
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: config + "/tokens") == ["spotify.json"])
        #expect(file.read("spotify") == Self.token)
        #expect(file.remove("spotify"))
        #expect(file.read("spotify") == nil && !file.remove("spotify"))
    }

    @Test("its descriptions never hold the access or refresh token")
    func neverShown() {
        for text in ["\(Self.token)", String(reflecting: Self.token), "\([Self.token])"] {
            #expect(!text.contains("at-secret-7c1e") && !text.contains("rt-secret-93ab"), "\(text)")
            #expect(text.contains("clientCredentials") && text.contains("read write"))
        }
        #expect(Self.token.secrets == ["at-secret-7c1e", "rt-secret-93ab"])
    }

    @Test("a token is renewed before it expires: within the margin, not before")
    func expiry() {
        let now = Date(timeIntervalSince1970: 1_900_000_000 - 100)
        #expect(Self.token.expires(within: 120, of: now))
        #expect(!Self.token.expires(within: 60, of: now))
    }
}
