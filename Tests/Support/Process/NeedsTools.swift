import Testing

/// The programs a test or suite runs: `@Test("zsh -n accepts the zsh script", .needs("zsh"))`.
///
/// When one is missing, outside CI the test is skipped and the runner prints which
/// (`➜ Test "…" skipped: "zsh is not installed"`): a skip, never a pass. Under CI it fails
/// before its body runs, with ``RequiredTool/Missing`` naming the program. ``RequiredTool``
/// says why; every test that starts a program outside the base system declares it here.
public struct NeedsTools: TestTrait, SuiteTrait, TestScoping {
    public let names: [String]

    public init(names: [String]) {
        self.names = names
    }

    public func prepare(for test: Test) async throws {
        let missing = RequiredTool.missing(names)
        guard !missing.isEmpty, !RequiredTool.isCI else { return }
        // A condition that does not hold is how Swift Testing skips a test and prints the reason.
        let reason = Comment(rawValue: RequiredTool.Missing(names: missing).description)
        try await ConditionTrait.disabled(reason).prepare(for: test)
    }

    @concurrent
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        // Reached with a program missing only under CI: `prepare` skipped the test otherwise.
        let missing = RequiredTool.missing(names)
        guard missing.isEmpty else { throw RequiredTool.Missing(names: missing) }
        try await function()
    }
}

extension Trait where Self == NeedsTools {
    /// The test or suite runs these programs (see ``NeedsTools``).
    public static func needs(_ names: String...) -> Self { NeedsTools(names: names) }

    /// The test or suite runs these programs; none when the list is empty.
    public static func needs(_ names: [String]) -> Self { NeedsTools(names: names) }
}
