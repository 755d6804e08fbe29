import Testing
@testable import APIHost

/// What the generated texts must say, independent of layout: every declared
/// option, value, default, command, exit code and variable appears.
@Suite("Help content")
struct HelpContentTests {
    let model = SampleCommandLine.model

    /// The text with every run of spaces and line breaks made one space, so checks ignore wrapping.
    static func flat(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("top-level help lists providers, commands, global options, environment and exit codes")
    func topLevel() {
        let text = TopLevelHelpGenerator.help(for: model)
        let help = Self.flat(text)
        #expect(help.hasPrefix("apicli 9.9.9: "))
        for provider in model.providers { #expect(help.contains(provider.name) && help.contains(provider.summary)) }
        for command in model.commands { #expect(help.contains(command.name)) }
        for option in model.globalOptions { #expect(help.contains("--" + option.name)) }
        #expect(help.contains("-f, --format FORMAT"))
        #expect(help.contains("values: table, json, ndjson, csv, line; default: table"))
        for code in ExitCode.allCases { #expect(help.contains("\(code.rawValue)") && help.contains(code.meaning)) }
        for variable in ["NEWS_API_KEY", "APICLI_NEWS_BASE_URL", "APICLI_DB", "NO_COLOR"] {
            #expect(help.contains(variable))
        }
        // A provider file's variables are said once for every file, the man page names each.
        #expect(!help.contains("APICLI_SKY_BASE_URL") && help.contains("NAME_API_KEY") && help.contains("APICLI_NAME_BASE_URL"), "\(help)")
        #expect(help.contains("'apicli help NAME' names each variable it reads"))
        #expect(ManPageGenerator.page(for: model).contains("APICLI_SKY_BASE_URL"))
        #expect(!text.split(separator: "\n").contains { $0.last == " " })
        #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 80 })
    }

    @Test("provider help shows usage, arguments, options with choices and defaults, examples and variables")
    func provider() {
        let help = Self.flat(ProviderHelpGenerator.help(for: SampleCommandLine.forecast, in: model))
        #expect(help.contains("apicli sky <city> [--units UNITS] [--lang CODE] [--cnt N] [global options]"))
        #expect(help.contains("values: metric, imperial, standard; default: metric"))
        #expect(help.contains("e.g. en, fr, de, es, it, ja, ru, zh_cn, ..."))
        #expect(help.contains("apicli sky \"New York\" --units imperial"))
        #expect(help.contains("APICLI_SKY_BASE_URL"))
        #expect(help.contains("https://sky.example"))
        #expect(help.contains("APICLI_SKY_UNITS"))
        #expect(!help.contains("APICLI_SKY_CNT")) // not configurable
        let newsText = ProviderHelpGenerator.help(for: SampleCommandLine.articles, in: model)
        let news = Self.flat(newsText)
        #expect(news.contains("<query>..."))
        #expect(news.contains("-p, --page N"))
        #expect(news.contains("NEWS_API_KEY"))
        #expect(news.contains("apicli config set news.api-key"))
        #expect(newsText.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 80 })
    }

    @Test("every completion script names every provider, option and enumerated value")
    func completions() {
        let scripts = [
            BashCompletionsGenerator.script(for: model),
            ZshCompletionsGenerator.script(for: model),
            FishCompletionsGenerator.script(for: model),
        ]
        for script in scripts {
            for provider in model.providers {
                #expect(script.contains(provider.name))
                // A provider file's options are apicli's to say when asked (CompletionCandidatesTests).
                guard !model.isAsked(provider) else { continue }
                for option in provider.options {
                    #expect(script.contains(option.name))
                    for value in option.choices + option.suggestions { #expect(script.contains(value)) }
                }
            }
            for option in model.globalOptions { #expect(script.contains(option.name)) }
            for word in ["table", "ndjson", "always", "never", "bash", "zsh", "fish", "vacuum", "news.api-key"] {
                #expect(script.contains(word))
            }
        }
    }

    @Test("unsafe words never reach a completion script")
    func unsafeWords() {
        var hostile = SampleCommandLine.forecast
        hostile.options = [.value("units", valueName: "U", help: "It's [odd]: \\ `x`", choices: ["ok", "$(touch pwned)", "a'b"])]
        let model = CommandLineModel(version: "1", providers: [hostile])
        for script in [BashCompletionsGenerator.script(for: model), ZshCompletionsGenerator.script(for: model),
                       FishCompletionsGenerator.script(for: model)] {
            #expect(script.contains("ok"))
            #expect(!script.contains("$(touch"))
            #expect(!script.contains("a'b"))
        }
    }

    @Test("the man page escapes roff and lists options, providers and exit codes")
    func manPage() {
        let page = ManPageGenerator.page(for: model)
        #expect(page.hasPrefix(".TH APICLI 1 \"\" \"apicli 9.9.9\""))
        #expect(page.contains("\\fB\\-\\-format\\fR \\fIFORMAT\\fR"))
        #expect(page.contains(".SS news"))
        #expect(page.contains(".SS sky"))
        #expect(page.contains("APICLI_SKY_UNITS"))
        for code in ExitCode.allCases { #expect(page.contains(".B \(code.rawValue)\n")) }
        // No line but a request starts with a dot or a quote.
        for line in page.split(separator: "\n") where line.first == "'" { Issue.record("line starts with a quote: \(line)") }
        #expect(ManPageGenerator.escape(".hidden") == "\\&.hidden")
        #expect(ManPageGenerator.escape("a\\b-c") == "a\\eb\\-c")
    }

    @Test("config keys and built-in command words come from the declarations")
    func modelWords() {
        #expect(model.configKeys == ["news.api-key", "news.sort", "sky.units", "sky.lang"])
        #expect(model.firstWords(after: "help") == ["news", "sky"])
        #expect(model.firstWords(after: "store") == ["info", "clear", "vacuum", "check", "sql", "schema", "prune", "export", "sync"])
        #expect(model.secondWords(after: "config", "get") == model.configKeys)
        #expect(model.secondWords(after: "config", "list").isEmpty)
        #expect(model.provider(named: "sky")?.displayName == "Sample Sky")
    }
}
