#if os(Linux)
import Foundation
import Testing
import TestSupport
@testable import APIHTTP

/// A redirect to another origin (another host, another port, or another scheme on the same
/// host and port) is followed without the credential, for every way a key travels: the
/// transport sends the next hop and the other origin's log never holds the key. Real
/// connections to ``OriginServer``, HTTP and HTTPS, through the platform's transport (libcurl:
/// URLSession on Linux cannot be told to trust the test's authority).
@Suite("Redirects keep every kind of credential at its origin", .needs("python3", "openssl"))
struct RedirectOriginTableTests {
    static let cases: [(OriginPair, CredentialKind)] = OriginPair.all.flatMap { pair in CredentialKind.all.map { (pair, $0) } }

    /// The cases run one after another: two dozen real exchanges at once would crowd the machine
    /// the other tests' deadlines run on.
    @Test("a redirect to the other origin is followed without the credential", .serialized, arguments: cases)
    func redirect(pair: OriginPair, kind: CredentialKind) async throws {
        let server = try await OriginServer.shared()
        let row = "t" + UUID().uuidString.prefix(8).lowercased()
        let transport = DefaultTransport(maxBodyBytes: 1 << 20, connectTimeout: .seconds(10), extraCAFile: server.caFile)
        let request = HTTPRequest(
            baseURL: try #require(URL(string: pair.baseURL(server, row: row, behaviour: "redirect"))), path: "/items",
            query: [QueryItem("q", "rust")], credential: kind.credential(for: row))
        let response = try await transport.send(request, context: context())
        #expect(response.status == 200, "\(pair), \(kind): \(response.status)")
        let secrets = kind.secrets(for: row)
        let sent = pair.departures(of: row, at: server)
        #expect(sent.count == 1 && sent.allSatisfy { line in secrets.contains { line.headText.contains($0) } },
                "the base origin got the credential: \(sent.map(\.headText))")
        #expect(pair.arrivals(of: row, at: server).count == 1, "the redirect was followed to \(pair.other(server))")
        #expect(pair.leaks(of: secrets, in: server).isEmpty, "\(pair), \(kind): \(pair.leaks(of: secrets, in: server))")
    }

    @Test("the same-origin check compares scheme, host and port", arguments: OriginPair.all)
    func sameOrigin(pair: OriginPair) async throws {
        let server = try await OriginServer.shared()
        let base = try #require(URL(string: pair.base(server) + "/a"))
        let other = try #require(URL(string: pair.other(server) + "/a"))
        #expect(RedirectPolicy.isSameOrigin(base, base))
        #expect(!RedirectPolicy.isSameOrigin(base, other) && !RedirectPolicy.isSameOrigin(other, base), "\(pair)")
    }
}
#endif
