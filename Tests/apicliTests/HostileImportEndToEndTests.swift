import Foundation
import Testing
import TestSupport

/// Documents built to make an import work without end, each imported by the built `apicli`
/// in a process of its own, under a time bound and an address-space cap (`ulimit -v`): each
/// ends with exit 78 and one line naming what ran over (a meter of the import's budget, or a
/// reader's limit), never a hang, a kill or an abort. The documents are small; what they
/// describe is not: 2³⁰ copies of a server URL, 8¹² expansions of one schema, every property
/// path of a wide answer four levels deep, one 4 MiB value used 300 times, 1,999 operations
/// answering with one 10,000-property schema, 60,000 operations sharing one `operationId`.
@Suite("Hostile documents end within a budget")
struct HostileImportEndToEndTests {
    /// Far above what a bounded import takes (seconds, in a debug build on a loaded machine),
    /// far below what the unbounded one took (minutes, or never).
    static let timeBound: Duration = .seconds(90)
    /// KiB of address space: the binary and its libraries fit many times; 2³⁰ copies do not.
    static let addressSpace = 1_048_576

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var fileName: String
        var bytes: @Sendable () -> Data
        /// What the one line must say: the meter or the limit that ran over.
        var says: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "server variables whose defaults name each other (2³⁰ copies)", fileName: "variables.json",
             bytes: { json(HostileDocuments.doublingServerVariables(levels: 30)) }, says: "which holds a brace"),
        Case(name: "one server variable filled 20,000 times", fileName: "filled.json",
             bytes: { json(HostileDocuments.repeatedServerVariable(times: 20_000)) }, says: "server variables substituted"),
        Case(name: "allOf/oneOf/anyOf over a DAG of shared references (8¹²)", fileName: "dag.json",
             bytes: { json(HostileDocuments.combinedReferenceTree(levels: 12, width: 8)) }, says: "references expanded"),
        Case(name: "the total count searched through every property path of a wide answer", fileName: "wide-total.json",
             bytes: { json(HostileDocuments.wideTotalSearch(width: 60)) }, says: "references expanded"),
        Case(name: "a 4 MiB value aliased as the summary of 300 operations", fileName: "aliased.yaml",
             bytes: { HostileDocuments.aliasedSummary(bytes: 4 << 20, operations: 300) }, says: "MiB of text"),
        Case(name: "1,999 operations sharing one 10,000-property schema", fileName: "shared.json",
             bytes: { json(HostileDocuments.sharedWideSchema(operations: 1_999, properties: 10_000)) },
             says: "document nodes visited"),
        Case(name: "60,000 operations sharing one operationId", fileName: "same-id.json",
             bytes: { json(HostileDocuments.sameOperationId(operations: 60_000)) }, says: "operations named"),
    ]

    static func json(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }

    /// One at a time: each may take seconds of a core in a debug build, and seven at once would
    /// crowd the timing of every other test running beside them.
    @Test("each ends with exit 78 and one line naming what ran over, within the time and memory bound",
          .serialized, .timeLimit(.minutes(5)), arguments: cases)
    func endsWithinBudget(_ hostile: Case) async throws {
        let home = try TemporaryDirectory(prefix: "apicli-hostile")
        let document = home.path(hostile.fileName)
        try hostile.bytes().write(to: URL(fileURLWithPath: document))
        let environment = [
            "HOME": home.path("home"), "XDG_CONFIG_HOME": home.path("config"), "XDG_DATA_HOME": home.path("data"),
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "APICLI": try ProcessRunner.apicliExecutable().path,
        ]
        let started = ContinuousClock.now
        let result = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "ulimit -v \(Self.addressSpace); exec \"$APICLI\" provider add hostile --openapi \"$0\"", document],
            environment: environment, timeout: Self.timeBound)
        let took = ContinuousClock.now - started
        print("\(hostile.name): exit \(result.exitCode) in \(took)")
        #expect(!result.timedOut, "\(hostile.name): still running after \(Self.timeBound)")
        #expect(!result.signalled, "\(hostile.name): ended by signal \(result.exitCode): \(result.stderrText.suffix(300))")
        #expect(result.exitCode == 78, "\(hostile.name): \(result.stderrText.suffix(300))")
        let lines = result.stderrText.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("apicli: error: "), "\(hostile.name): \(result.stderrText.suffix(600))")
        #expect(result.stderrText.contains(hostile.says), "\(hostile.name): \(result.stderrText.suffix(300))")
        #expect(!FileManager.default.fileExists(atPath: home.path("config/apicli/providers/hostile.json")))
    }
}
