#if os(Linux)
import Foundation
import Testing
import TestSupport

/// Commands that send nothing never load an HTTP stack: checked with
/// the dynamic loader's own trace, `LD_DEBUG=libs`, so a process is the point.
/// (HTTPS itself is tested in-process: `APIHostTests.HTTPSHostTests`.)
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
        // Nor does a request leave Foundation's URL cache or other stray folders behind.
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
