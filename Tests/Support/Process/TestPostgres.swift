import Foundation
import Testing

/// The throw-away PostgreSQL cluster the tests of `apicli store sync` and `store sql --db`
/// use: `Scripts/test-postgres start DIR` makes one on a loopback port and prints its URL,
/// which `.ci/run` exports as `APICLI_TEST_POSTGRES_URL`.
///
/// As with a missing program (``RequiredTool``): without the variable a test is skipped on a
/// developer's machine, with the reason, and fails under CI.
public enum TestPostgres {
    public static let variable = "APICLI_TEST_POSTGRES_URL"
    /// The user `Scripts/test-postgres` makes whose password the server checks, and that password.
    public static let secretUser = "apicli_secret"
    public static let secretPassword = "pg-S3cret-never-shown"

    /// The cluster's URL (user `apicli`, no password: the loopback trusts it), if one is running.
    public static var url: String? {
        let value = ProcessInfo.processInfo.environment[variable] ?? ""
        return value.isEmpty ? nil : value
    }

    /// The cluster's URL, or the reason there is none.
    public static func require() throws -> String {
        guard let url else { throw Missing() }
        return url
    }

    /// The same database as the user whose password is checked (the URL carries no password).
    public static func secretURL() throws -> String {
        try require().replacingOccurrences(of: "://apicli@", with: "://\(secretUser)@")
    }

    /// A schema name of its own for one test, so tests share the cluster without meeting.
    public static func freshSchema(_ prefix: String = "t") -> String {
        prefix + "_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
    }

    public struct Missing: Error, CustomStringConvertible {
        public var description: String {
            RequiredTool.isCI
                ? "no PostgreSQL cluster: \(TestPostgres.variable) is not set, and under CI .ci/run starts one"
                : "no PostgreSQL cluster (start one with Scripts/test-postgres start DIR and set \(TestPostgres.variable))"
        }
    }
}

/// A test that needs the cluster: skipped without it, failed under CI without it.
public struct NeedsPostgres: TestTrait, SuiteTrait, TestScoping {
    public func prepare(for test: Test) async throws {
        guard TestPostgres.url == nil, !RequiredTool.isCI else { return }
        try await ConditionTrait.disabled(Comment(rawValue: TestPostgres.Missing().description)).prepare(for: test)
    }

    @concurrent
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        _ = try TestPostgres.require()
        try await function()
    }
}

extension Trait where Self == NeedsPostgres {
    /// The test or suite uses the throw-away PostgreSQL cluster (see ``TestPostgres``).
    public static var needsPostgres: Self { NeedsPostgres() }
}
