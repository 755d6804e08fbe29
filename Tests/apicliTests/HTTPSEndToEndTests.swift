#if os(Linux)
import Foundation
import Testing
import TestSupport

/// The built binary over HTTPS on loopback, with a throwaway authority made for the test.
@Suite("HTTPS, end to end")
struct HTTPSEndToEndTests {
    static func sandbox(_ server: KeepAliveServer, caFile: String?) throws -> Sandbox {
        var extra = ["APICLI_WEATHER_BASE_URL": server.baseURL.absoluteString]
        if let caFile { extra["APICLI_CA_FILE"] = caFile }
        // The sandbox's own loopback server is never asked: the base URL points at the HTTPS one.
        return try Sandbox(server: LoopbackServer { _ in .status(500) }, extra: extra)
    }

    @Test("trusting the test authority through APICLI_CA_FILE: the forecast prints")
    func trustedAuthority() async throws {
        let server = try await KeepAliveServer.start(tls: true)
        defer { server.stop() }
        let sandbox = try Self.sandbox(server, caFile: server.caFile)
        // By city id: one request, the forecast, whose city block names Strasbourg.
        let result = try await sandbox.run(["weather", "--id", "2973783"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.contains("Strasbourg"))
        #expect(server.requestCount == 1)
    }

    @Test("an untrusted certificate: exit 69, naming the host and the reason, nothing sent")
    func untrustedCertificate() async throws {
        let server = try await KeepAliveServer.start(tls: true)
        defer { server.stop() }
        let sandbox = try Self.sandbox(server, caFile: nil)
        let result = try await sandbox.run(["weather", "Strasbourg"])
        #expect(result.exitCode == 69, "\(result.stderrText)")
        #expect(result.stderrText.contains("certificate of 127.0.0.1 is not trusted"), "\(result.stderrText)")
        #expect(!result.stderrText.contains(Sandbox.weatherKey))
        #expect(result.stdoutText.isEmpty)
        #expect(server.requestCount == 0)
    }
}

/// Commands that send nothing never load an HTTP stack (issue 14): checked with
/// the dynamic loader's own trace, `LD_DEBUG=libs`.
@Suite("No HTTP stack without a request")
struct NoHTTPStackTests {
    static func loadsHTTPStack(_ result: ProcessRunner.Result) -> Bool {
        ["libcurl", "libFoundationNetworking"].contains { result.stderrText.contains($0) }
    }

    @Test func commandsThatSendNothingLoadNoHTTPStack() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let fetched = try await sandbox.run(["weather", "Paris"], set: ["LD_DEBUG": "libs"])
        #expect(fetched.exitCode == 0)
        // The probe sees libcurl when it is loaded: the request above needed it.
        #expect(Self.loadsHTTPStack(fetched))
        // Nor does a request leave Foundation's URL cache or other stray folders behind (issue 13).
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.path("home/.cache/org.swift.foundation.URLCache")))
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.path("data/release")))
        let commands = [
            ["weather", "Paris"], ["weather", "Paris", "--offline"], ["--version"], ["help"], ["providers"],
            ["store", "info"], ["config", "list"], ["completions", "bash"],
        ]
        for arguments in commands {
            let result = try await sandbox.run(arguments, set: ["LD_DEBUG": "libs"])
            #expect(result.exitCode == 0, "\(arguments): \(result.stderrText.suffix(300))")
            #expect(!Self.loadsHTTPStack(result), "\(arguments) loaded an HTTP stack")
        }
    }
}
#endif
