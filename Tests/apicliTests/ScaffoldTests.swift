import Foundation
import TestSupport
import Testing

/// The "add a provider" promise, end to end, on a copy of the package: the real
/// `new-provider` command, `swift build`, the new command against a loopback
/// server, and the new provider's own tests.
///
/// It builds the whole package twice (several minutes on 2 cores), so it runs
/// only when `APICLI_SLOW_TESTS=1` (CI sets it).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["APICLI_SLOW_TESTS"] == "1", "set APICLI_SLOW_TESTS=1"))
struct ScaffoldTests {
    static let swift = URL(fileURLWithPath: "/usr/bin/env")

    @Test(.timeLimit(.minutes(30)))
    func scaffoldBuildRunAndTestANewProvider() async throws {
        let started = ContinuousClock.now
        let copy = try TemporaryDirectory(prefix: "apicli-scaffold")
        try await PackageCopy.copyTrackedFiles(from: Fixtures.packageRoot, to: copy.url)

        let refused = try await swift(["package", "--allow-writing-to-package-directory", "new-provider", "Weather",
                                       "--base-url", "https://x.example", "--path", "/a"], in: copy.url)
        #expect(refused.exitCode != 0)
        let scaffold = try await swift(
            ["package", "--allow-writing-to-package-directory", "new-provider", "demo-api",
             "--base-url", "https://demo.example/api", "--path", "/v1/things", "--items-key", "data.items"],
            in: copy.url)
        try #require(scaffold.exitCode == 0, "\(scaffold.stderrText)")
        for file in ["Plugins/DemoApi/DemoApiProvider.swift", "Tests/DemoApiTests/DemoApiTests.swift",
                     "Tests/DemoApiTests/Fixtures/sample.json"] {
            #expect(FileManager.default.fileExists(atPath: copy.path(file)), "\(file) was not created")
        }
        // The steps every provider has, and where the rest is declared: one capabilities value.
        let provider = (try? String(contentsOfFile: copy.path("Plugins/DemoApi/DemoApiProvider.swift"), encoding: .utf8)) ?? ""
        for requirement in ["func queries(from", "func request(for", "func decode(", "func json(", "func table(",
                            "var capabilities: Capabilities<Self>"] {
            #expect(provider.contains(requirement), "the scaffold does not write \(requirement)")
        }

        let build = try await swift(["build"], in: copy.url, timeout: .seconds(1500))
        try #require(build.exitCode == 0, "\(build.stdoutText.suffix(2000))\(build.stderrText.suffix(2000))")
        let apicli = URL(fileURLWithPath: copy.path(".build/debug/apicli"))
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": copy.path(), "XDG_CONFIG_HOME": copy.path("config"),
            "XDG_DATA_HOME": copy.path("data"),
        ]
        let providers = try await ProcessRunner.run(executable: apicli, arguments: ["providers"], environment: environment)
        #expect(providers.stdoutText.contains("demo-api"))
        let help = try await ProcessRunner.run(executable: apicli, arguments: ["demo-api", "--help"], environment: environment)
        #expect(help.exitCode == 0 && help.stdoutText.contains("DEMO_API_API_KEY"))
        let bash = try await ProcessRunner.run(executable: apicli, arguments: ["completions", "bash"], environment: environment)
        #expect(bash.stdoutText.contains("demo-api"))

        let sample = try Data(contentsOf: URL(fileURLWithPath: copy.path("Tests/DemoApiTests/Fixtures/sample.json")))
        let server = try LoopbackServer(routes: ["/api/v1/things": [.json(sample)]])
        defer { server.stop() }
        var runEnvironment = environment
        runEnvironment["APICLI_DEMO_API_BASE_URL"] = server.baseURL.absoluteString + "/api"
        runEnvironment["DEMO_API_API_KEY"] = "scaffold-secret-key"
        let run = try await ProcessRunner.run(
            executable: apicli, arguments: ["demo-api", "hello", "world", "--format", "json"], environment: runEnvironment)
        #expect(run.exitCode == 0, "\(run.stderrText)")
        let records = try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]]
        #expect(records?.count == 2)
        #expect(server.requests.first?.query("q") == "hello world")
        #expect(server.requests.first?.query("api_key") == "scaffold-secret-key")
        #expect(!run.stdoutText.contains("scaffold-secret-key") && !run.stderrText.contains("scaffold-secret-key"))

        let tests = try await swift(["test", "--filter", "DemoApiTests"], in: copy.url, timeout: .seconds(1500))
        #expect(tests.exitCode == 0, "\(tests.stdoutText.suffix(3000))\(tests.stderrText.suffix(2000))")
        let testOutput = tests.stdoutText + tests.stderrText
        #expect(testOutput.contains("DemoApiCommandTests passed"), "the new provider's tests did not run")
        #expect(testOutput.contains("meetsTheProviderContract() passed"), "the conformance suite did not run")
        PackageCopy.removeLockFiles(of: copy.url)
        print("ScaffoldTests: scaffold, build, run and test took \(ContinuousClock.now - started)")
    }

    private func swift(_ arguments: [String], in directory: URL, timeout: Duration = .seconds(300)) async throws
        -> ProcessRunner.Result {
        try await ProcessRunner.run(
            executable: Self.swift, arguments: ["swift"] + arguments, currentDirectory: directory, timeout: timeout)
    }
}

/// A copy of the package's files without `.build`: what a fresh clone holds.
enum PackageCopy {
    /// SwiftPM leaves `<path with _ for />.build.lock`-style files in the temporary folder.
    static func removeLockFiles(of package: URL) {
        let temporary = FileManager.default.temporaryDirectory
        let stem = package.standardizedFileURL.path.replacingOccurrences(of: "/", with: "_")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(stem) {
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }

    /// Copies what git tracks (and untracked files it does not ignore), or,
    /// without git, every top-level entry but build products.
    static func copyTrackedFiles(from root: URL, to destination: URL) async throws {
        let git = try? await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            currentDirectory: root)
        let manager = FileManager.default
        var files: [String] = []
        if let git, git.exitCode == 0 {
            files = git.stdoutText.split(separator: "\0").map(String.init)
        } else {
            files = try manager.contentsOfDirectory(atPath: root.path).filter { ![".build", ".git", ".swiftpm"].contains($0) }
        }
        for file in files where manager.fileExists(atPath: root.appendingPathComponent(file).path) {
            let target = destination.appendingPathComponent(file)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: root.appendingPathComponent(file), to: target)
        }
    }
}
