import Foundation
import Testing
import TestSupport

/// The official MCP client SDK for Python (the `mcp` package), which the tests of
/// `apicli mcp` drive it with, as an agent host would: its scripts live in
/// `Tests/Fixtures/mcp/`.
///
/// The same rule as a missing program (``NeedsTools``): without the package the test is
/// skipped on a developer's machine, saying so, and fails under CI, where `.ci/run`
/// installs it.
enum PythonMCPClient {
    static let package = "mcp"

    /// The interpreter that can import the SDK, by its real path (a `python3` on `PATH` may be a
    /// version manager's shim, which needs the runner's environment); nil when none can.
    static let interpreter = PythonInterpreter.importing("mcp.client.stdio")

    static var isInstalled: Bool { interpreter != nil }

    struct Missing: Error, CustomStringConvertible {
        var description: String {
            RequiredTool.isCI
                ? "the Python package 'mcp' is not installed, and under CI it must be: .ci/run installs it"
                : "the Python package 'mcp' is not installed (pip install mcp)"
        }
    }

    /// Runs `script` (a file of `Tests/Fixtures/mcp/`) with the built apicli as its first argument.
    static func run(
        _ script: String, arguments: [String] = [], environment: [String: String], timeout: Duration = .seconds(120)
    ) async throws -> ProcessRunner.Result {
        guard let python = interpreter else { throw Missing() }
        let path = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/mcp/" + script).path
        return try await ProcessRunner.run(
            executable: URL(fileURLWithPath: python),
            arguments: [path, try ProcessRunner.apicliExecutable().path] + arguments,
            environment: environment, timeout: timeout)
    }

    /// The script's stdout as the JSON document it prints.
    static func transcript(_ result: ProcessRunner.Result) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any] else {
            throw Missing()
        }
        return object
    }
}

/// The test runs the Python MCP client: skipped without it, failed under CI (see ``PythonMCPClient``).
struct NeedsPythonMCP: TestTrait, SuiteTrait, TestScoping {
    func prepare(for test: Test) async throws {
        guard !PythonMCPClient.isInstalled, !RequiredTool.isCI else { return }
        try await ConditionTrait.disabled(Comment(rawValue: PythonMCPClient.Missing().description)).prepare(for: test)
    }

    @concurrent
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        guard PythonMCPClient.isInstalled else { throw PythonMCPClient.Missing() }
        try await function()
    }
}

extension Trait where Self == NeedsPythonMCP {
    static var needsPythonMCP: Self { NeedsPythonMCP() }
}
