import Foundation
import Testing
import TestSupport

/// DuckDB's Python package with its sqlite extension from the `duckdb-extension-sqlite-scanner`
/// package (DuckDB's own `INSTALL sqlite` downloads it), which the tests of what DuckDB reads of
/// apicli's store drive: their script is `Tests/Fixtures/duckdb/read_store.py`.
///
/// As for the MCP SDK (``PythonMCPClient``): without the packages the test is skipped on a
/// developer's machine, saying so, and fails under CI, where `.ci/run` installs them.
enum PythonDuckDB {
    /// The interpreter that can import both, by its real path; nil when none can.
    static let interpreter = PythonInterpreter.importing("duckdb, duckdb_extension_sqlite_scanner")

    static var isInstalled: Bool { interpreter != nil }

    struct Missing: Error, CustomStringConvertible {
        var description: String {
            RequiredTool.isCI
                ? "the Python packages 'duckdb' and 'duckdb-extension-sqlite-scanner' are not installed, and under CI they must be: .ci/run installs them"
                : "the Python packages 'duckdb' and 'duckdb-extension-sqlite-scanner' are not installed (see .ci/run for the versions)"
        }
    }

    /// Runs the script with `arguments` and returns the JSON document it prints.
    static func run(_ arguments: [String], timeout: Duration = .seconds(120)) async throws -> [String: Any] {
        guard let python = interpreter else { throw Missing() }
        let script = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/duckdb/read_store.py").path
        let result = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: python), arguments: [script] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"], timeout: timeout)
        guard result.exitCode == 0, let object = try? JSONSerialization.jsonObject(with: result.stdout) as? [String: Any] else {
            Issue.record("read_store.py \(arguments.first ?? "") failed (\(result.exitCode)): \(result.stderrText)")
            return [:]
        }
        return object
    }
}

/// The test runs DuckDB: skipped without it, failed under CI (see ``PythonDuckDB``).
struct NeedsPythonDuckDB: TestTrait, SuiteTrait, TestScoping {
    func prepare(for test: Test) async throws {
        guard !PythonDuckDB.isInstalled, !RequiredTool.isCI else { return }
        try await ConditionTrait.disabled(Comment(rawValue: PythonDuckDB.Missing().description)).prepare(for: test)
    }

    @concurrent
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        guard PythonDuckDB.isInstalled else { throw PythonDuckDB.Missing() }
        try await function()
    }
}

extension Trait where Self == NeedsPythonDuckDB {
    static var needsPythonDuckDB: Self { NeedsPythonDuckDB() }
}
