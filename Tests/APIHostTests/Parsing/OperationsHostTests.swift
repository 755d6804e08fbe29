@testable import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// `apicli NAME OPERATION …` for a provider with operations, in-process: the
/// operation is picked from the first word, its arguments and options are
/// parsed, required options are enforced, and help, completions and the man
/// page cover every operation.
@Suite("Providers with operations")
struct OperationsHostTests {
    static let records = #"[{"id": "42", "title": "The answer"}]"#

    func host() throws -> InProcessHost {
        try InProcessHost(sources: [.compiled([OperationsStubProvider()])]) { _, _ in InProcessHost.json(Self.records) }
    }

    @Test("the first word picks the operation; its argument and options reach the request")
    func picksOperation() async throws {
        let host = try host()
        let run = await host.run(["--format", "json", "records", "get-record", "42", "--kind", "a", "--lang", "en"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stdout.contains("The answer"))
        let request = try #require(host.transport.requests.first)
        #expect(request.path == "/get-record/42")
        #expect(request.query.contains(QueryItem("kind", "a")))
        let other = await host.run(["records", "search", "two", "words"])
        #expect(other.code == .success, "\(other.stderr)")
        #expect(host.transport.requests.last?.path == "/search/two+words")
    }

    @Test("a mistyped operation is 64 with the nearest name, and nothing is sent")
    func unknownOperation() async throws {
        let host = try host()
        let run = await host.run(["records", "get-recrod", "42", "--kind", "a"])
        #expect(run.code == .usage)
        #expect(run.errors.count == 1 && run.errors[0].contains("did you mean 'get-record'"), "\(run.stderr)")
        let none = await host.run(["records"])
        #expect(none.code == .usage)
        #expect(none.errors.first?.contains("get-record, search") == true, "\(none.stderr)")
        #expect(host.transport.requests.isEmpty)
    }

    @Test("a missing required option is 64 naming it; an option of another operation is unknown")
    func requiredOption() async throws {
        let host = try host()
        let run = await host.run(["records", "get-record", "42"])
        #expect(run.code == .usage)
        #expect(run.errors.first?.contains("--kind") == true, "\(run.stderr)")
        let foreign = await host.run(["records", "search", "x", "--kind", "a"])
        #expect(foreign.code == .usage)
        #expect(foreign.errors.first?.contains("unknown option '--kind'") == true, "\(foreign.stderr)")
        let extra = await host.run(["records", "get-record", "42", "43", "--kind", "a"])
        #expect(extra.code == .usage)
        #expect(host.transport.requests.isEmpty)
    }

    @Test("help lists the operations; one operation's help is the same from help and --help")
    func help() async throws {
        let host = try host()
        let page = await host.run(["help", "records"])
        #expect(page.code == .success)
        #expect(page.stdout.contains("OPERATIONS (2):"))
        #expect(page.stdout.contains("get-record") && page.stdout.contains("One record by its id."))
        #expect(page.stdout.contains("search") && page.stdout.contains("Records that mention words."))
        #expect(page.stdout.contains("apicli records <operation>"))
        let one = await host.run(["help", "records", "get-record"])
        #expect(one.code == .success, "\(one.stderr)")
        #expect(one.stdout.contains("apicli records get-record <id> --kind KIND [--lang CODE]"), "\(one.stdout)")
        #expect(one.stdout.contains("(required)") && one.stdout.contains("Looks one record up."))
        #expect(!one.stdout.contains("Records that mention words."))
        let flag = await host.run(["records", "get-record", "--help"])
        #expect(flag.code == .success && flag.stdout == one.stdout)
        let bad = await host.run(["help", "records", "serch"])
        #expect(bad.code == .usage && bad.errors.first?.contains("did you mean 'search'") == true, "\(bad.stderr)")
        let list = await host.run(["records", "--help"])
        #expect(list.stdout == page.stdout)
    }

    @Test("completions and the man page cover every operation and its options")
    func completionsAndManPage() throws {
        let model = CommandLineModel(providers: [OperationsStubProvider().descriptor])
        // The scripts ask apicli what follows a provider with operations (CompletionCandidatesTests runs it).
        #expect(BashCompletionsGenerator.script(for: model).contains("completions words bash --"))
        #expect(ZshCompletionsGenerator.script(for: model).contains("completions words zsh --"))
        #expect(FishCompletionsGenerator.script(for: model).contains("completions words fish --"))
        let operations = CompletionCandidates.candidates(for: ["records", ""], in: model)
        #expect(operations.map(\.word) == ["get-record", "search"])
        #expect(operations.first?.description == "One record by its id.")
        #expect(CompletionCandidates.candidates(for: ["records", "get-record", "--"], in: model).map(\.word).contains("--kind"))
        #expect(CompletionCandidates.candidates(for: ["records", "get-record", "--kind", ""], in: model).map(\.word) == ["a", "b"])
        let man = ManPageGenerator.page(for: model)
        #expect(man.contains(".B apicli records get\\-record"))
        #expect(man.contains("\\fB\\-\\-kind\\fR \\fIKIND\\fR"))
    }
}
