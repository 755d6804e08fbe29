import Testing
@testable import APIHost

@Suite("Help, completions and man page snapshots")
struct HelpSnapshotTests {
    let model = SampleCommandLine.model

    @Test func topLevelHelp() throws {
        try Snapshot.assertMatches(TopLevelHelpGenerator.help(for: model), named: "help.txt")
    }

    @Test func providerHelp() throws {
        try Snapshot.assertMatches(
            ProviderHelpGenerator.help(for: SampleCommandLine.articles, in: model), named: "help-news.txt")
        try Snapshot.assertMatches(
            ProviderHelpGenerator.help(for: SampleCommandLine.forecast, in: model), named: "help-sky.txt")
    }

    @Test func bashCompletions() throws {
        try Snapshot.assertMatches(BashCompletionsGenerator.script(for: model), named: "completions.bash")
    }

    @Test func zshCompletions() throws {
        try Snapshot.assertMatches(ZshCompletionsGenerator.script(for: model), named: "completions.zsh")
    }

    @Test func fishCompletions() throws {
        try Snapshot.assertMatches(FishCompletionsGenerator.script(for: model), named: "completions.fish")
    }

    @Test func manPage() throws {
        try Snapshot.assertMatches(ManPageGenerator.page(for: model), named: "apicli.1")
    }
}
