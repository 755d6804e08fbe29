#if os(Linux)
import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// A run over HTTPS on loopback through the host in-process, on the stub provider, with the
/// real transport (libcurl) and a throwaway authority made for the test. (These were
/// Weather's `HTTPSHostTests`, from the binary's `HTTPSEndToEndTests`.)
@Suite("HTTPS, in-process with the real transport", .needs("python3", "openssl"))
struct HTTPSHostTests {
    static let key = "stubKEY-https-9e8d7c"

    static func run(_ words: [String], server: KeepAliveServer, caFile: String?) async throws -> InProcessHost.Run {
        var variables = [
            "STUB_API_KEY": key, "APICLI_STUB_BASE_URL": server.baseURL.absoluteString,
            "APICLI_TIMEOUT": InProcessHost.realConnectionDeadline,
        ]
        if let caFile { variables["APICLI_CA_FILE"] = caFile }
        let host = try InProcessHost(sources: [.compiled([StubProvider(keyVariable: "STUB_API_KEY")])], variables: variables) { _, _ in
            HTTPResponse(status: 599, body: Data("the stub transport was asked".utf8))
        }
        return await host.run(words, setting: [:], realTransport: true)
    }

    @Test("trusting the test authority through APICLI_CA_FILE: the records print")
    func trustedAuthority() async throws {
        let server = try await KeepAliveServer.start(tls: true)
        defer { server.stop() }
        // One request to `/records`, which the server answers with two records.
        let result = try await Self.run(["stub", "election"], server: server, caFile: server.caFile)
        #expect(result.code == .success, "\(result.stderr)")
        #expect(result.stdout.contains("Second record"))
        #expect(server.requestCount == 1)
    }

    @Test("an untrusted certificate: exit 69, naming the host and the reason, nothing sent")
    func untrustedCertificate() async throws {
        let server = try await KeepAliveServer.start(tls: true)
        defer { server.stop() }
        let result = try await Self.run(["stub", "election"], server: server, caFile: nil)
        #expect(result.code == .unavailable && result.isOneErrorLine, "\(result.stderr)")
        #expect(result.stderr.contains("certificate of 127.0.0.1 is not trusted"), "\(result.stderr)")
        #expect(!result.stderr.contains(Self.key))
        #expect(result.stdout.isEmpty)
        #expect(server.requestCount == 0)
    }
}
#endif
