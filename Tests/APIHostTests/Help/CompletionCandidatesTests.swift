import Foundation
import Testing
import TestSupport
@testable import APIHost

/// What the completion scripts get when they ask apicli (`apicli completions words SHELL -- …`)
/// after a provider with operations: the operations, then only the chosen one's options (with
/// the shared and global ones), an option's values, and an argument's choices.
@Suite("Completion candidates after a provider with operations")
struct CompletionCandidatesTests {
    /// The stub's two operations, `get-record`'s id given choices as an imported `enum` would.
    static var descriptor: ProviderDescriptor {
        var descriptor = OperationsStubProvider().descriptor
        descriptor.operations[0].arguments[0].choices = ["first", "second"]
        descriptor.operations[0].aliases = ["fetch-record"]
        return descriptor
    }

    static let model = CommandLineModel(providers: [descriptor])

    static func words(_ words: [String], global: Bool = true) -> [String] {
        CompletionCandidates.candidates(for: words, in: model, global: global).map(\.word)
    }

    @Test("the first word after the provider is an operation, with its summary")
    func operations() {
        let candidates = CompletionCandidates.candidates(for: ["records", ""], in: Self.model)
        #expect(candidates.map(\.word) == ["get-record", "search"])
        #expect(candidates.first?.description == "One record by its id.")
        #expect(Self.words(["records", "--lang", "en", ""]) == ["get-record", "search"], "an option's value is no operation")
    }

    @Test("after an operation, its own options, the shared ones and the global ones; never another operation's")
    func ownOptions() {
        let record = Self.words(["records", "get-record", "--"])
        #expect(record.contains("--kind") && record.contains("--lang") && record.contains("--format"))
        let search = Self.words(["records", "search", "--"])
        #expect(search.contains("--lang") && !search.contains("--kind"), "\(search)")
        #expect(Self.words(["records", "fetch-record", "--"]).contains("--kind"), "an alias chooses the operation")
        #expect(!Self.words(["records", "search", "--"], global: false).contains("--format"), "fish keeps the global ones itself")
    }

    @Test("an option's values; an argument's choices at its place; nothing where the word is free", arguments: [
        (["records", "get-record", "--kind", ""], ["a", "b"]),
        (["records", "get-record", ""], ["first", "second"]),
        (["records", "get-record", "--kind", "a", ""], ["first", "second"]),
        (["records", "get-record", "first", ""], []),
        (["records", "search", ""], []),
        (["records", "nothing", ""], []),
    ])
    func values(words: [String], expected: [String]) {
        #expect(Self.words(words) == expected)
        #expect(Self.words(["records", "--format", ""]) == OutputFormat.allCases.map(\.rawValue), "a global option's values")
    }

    @Test("each shell reads its own lines: bash words, zsh word:description, fish word<TAB>description; plain words only")
    func lines() {
        let candidates = [
            CompletionCandidates.Candidate(word: "get-record", description: "One: record.\nTwo"),
            CompletionCandidates.Candidate(word: "a:b", description: ""),
            CompletionCandidates.Candidate(word: "$(touch x)", description: "never offered"),
        ]
        #expect(CompletionCandidates.lines(candidates, shell: "bash") == "get-record\na:b\n")
        #expect(CompletionCandidates.lines(candidates, shell: "zsh") == "get-record:One: record. Two\na\\:b\n")
        #expect(CompletionCandidates.lines(candidates, shell: "fish") == "get-record\tOne: record. Two\na:b\n")
    }

    @Test("the scripts ask apicli after a provider with operations and after a provider file; they hold the rest")
    func scriptsAsk() {
        let model = CommandLineModel(providers: [Self.descriptor, SampleCommandLine.forecast], fileProviders: ["sky"])
        #expect(model.isAsked(Self.descriptor) && model.isAsked(SampleCommandLine.forecast))
        let bash = BashCompletionsGenerator.script(for: model)
        #expect(bash.contains(#"completions words bash -- "${COMP_WORDS[@]:1:COMP_CWORD}""#), "\(bash)")
        #expect(!bash.contains("        records)") && !bash.contains("        sky)"), "no arm of their own")
        #expect(ZshCompletionsGenerator.script(for: model).contains("completions words zsh --"))
        #expect(FishCompletionsGenerator.script(for: model).contains("completions words fish --"))
    }
}
