import Foundation
import Testing
import TestSupport

/// Text from a provider file never reaches the terminal raw, whatever prints it,
/// and a default its own option refuses is the file's fault, found when it is read:
/// through the host in-process.
@Suite("Provider file texts and defaults, through the host")
struct ProviderFileTextHostTests {
    /// Hostile texts written straight into the file, bypassing the writer (as an old or hand-edited file would).
    static let planted: [(name: String, text: String)] = [
        ("an OSC 52 clipboard write in the summary",
         SearchAPIs.wikiFile.replacingOccurrences(of: "Search English", with: "Search \u{1B}]52;c;SGVsbG8=\u{07}English")),
        ("a screen clear and a bell in a default",
         SearchAPIs.wikiFile.replacingOccurrences(of: #""default": "search""#, with: "\"default\": \"se\u{1B}[2J\u{07}arch\"")),
        ("a lone carriage return before a second host",
         SearchAPIs.wikiFile.replacingOccurrences(
            of: #""path": "/w/api.php","#, with: "\"path\": \"/w/api.php\",\r\"about\": \"https://attacker.example\",")),
        ("a right-to-left override and an isolate in a column name",
         SearchAPIs.wikiFile.replacingOccurrences(of: #""name": "snippet""#, with: "\"name\": \"snip\u{202E}pe\u{2066}t\"")),
        ("a direction mark and a C1 CSI among the choices",
         SearchAPIs.wikiFile.replacingOccurrences(
            of: #"{"name": "list", "parameter": "list", "type": "text", "default": "search"}"#,
            with: "{\"name\": \"list\", \"parameter\": \"list\", \"type\": \"choice\", \"choices\": [\"search\", \"s\u{200F}x\u{9B}2J\"]}")),
    ]

    /// Every command that prints text from a provider file.
    static let commands: [[String]] = [
        ["provider", "show", "wiki"], ["provider", "list"], ["provider", "check", "wiki"], ["providers"],
        ["help"], ["help", "wiki"], ["wiki", "--help"], ["manpage"], ["completions", "zsh"],
        ["completions", "bash"], ["completions", "fish"], ["wiki", "--fields", "help"], ["wiki", "computing"],
    ]

    @Test("No command prints a terminal control or bidi character planted in a provider file", arguments: 0..<5)
    func plantedTexts(_ index: Int) async throws {
        let (name, text) = Self.planted[index]
        try #require(text != SearchAPIs.wikiFile && TerminalControls.present(in: text), "\(name): the case plants something")
        let host = try SearchAPIs().host()
        try host.installProviderFile("wiki", text)
        for words in Self.commands {
            let run = await host.run(words)
            #expect(!TerminalControls.present(in: run.stdout), "\(name), \(words): stdout \(run.stdout.debugDescription)")
            #expect(!TerminalControls.present(in: run.stderr), "\(name), \(words): stderr \(run.stderr.debugDescription)")
        }
        // show still shows the file: every planted character as the JSON escape that means it.
        let show = await host.run(["provider", "show", "wiki"])
        #expect(show.code == .success, "\(name): \(show.stderr)")
        #expect(show.stdout.contains(#"\u"#), "\(name): \(show.stdout)")
        #expect(show.stdout.contains(#""baseURL": "https://en.wikipedia.org""#))
        // A lone carriage return is JSON whitespace: that file is read, and only the others are refused.
        if !text.contains("\r") { #expect(host.requests.isEmpty, "\(name): a file the reader refuses sends nothing") }
    }

    @Test("provider show keeps a clean file byte for byte, CRLF line ends included")
    func cleanFileUnchanged() async throws {
        let host = try SearchAPIs().host()
        let text = SearchAPIs.wikiFile.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
        try host.installProviderFile("wiki", text)
        let show = await host.run(["provider", "show", "wiki"])
        #expect(show.code == .success, "\(show.stderr)")
        #expect(show.stdout == text)
    }

    /// An option (line 11 of the wiki file) whose default its own type refuses, and why.
    static let badDefaults: [(option: String, value: String, why: String)] = [
        (#"{"name": "list", "parameter": "list", "type": "choice", "choices": ["search", "random"], "default": "all"}"#,
         "all", "it must be one of search, random"),
        (#"{"name": "list", "parameter": "list", "type": "integer", "minimum": 1, "maximum": 50, "default": "500"}"#,
         "500", "it must be a whole number from 1 to 50"),
        (#"{"name": "list", "parameter": "list", "type": "integer", "default": "ten"}"#,
         "ten", "it must be a whole number from -2147483648 to 2147483647"),
        (#"{"name": "list", "parameter": "list", "type": "date", "format": "yyyyMMdd", "default": "2024-02-30"}"#,
         "2024-02-30", "it must be a real date as YYYYMMDD or YYYY-MM-DD"),
    ]

    /// The line is the behaviour here: it names the file, the line, the option and why.
    @Test("A default its option refuses is 78 when the file is read, naming file, line, option and why", arguments: 0..<4)
    func badDefault(_ index: Int) async throws {
        let (option, value, why) = Self.badDefaults[index]
        let host = try SearchAPIs().host()
        let text = SearchAPIs.wikiFile.replacingOccurrences(
            of: #"{"name": "list", "parameter": "list", "type": "text", "default": "search"}"#, with: option)
        try #require(text != SearchAPIs.wikiFile)
        try host.installProviderFile("wiki", text)
        let line = "\(host.providersFolder)/wiki.json:11: options[1].default: '\(value)' is not a value --list takes: \(why)"
        let run = await host.run(["wiki", "computing"])
        #expect(run.code == .configuration, "\(run.stderr)")
        #expect(run.stderr == "apicli: error: \(line)\n")
        let check = await host.run(["provider", "check", "wiki"])
        #expect(check.code == .configuration)
        #expect(check.stderr == "apicli: error: \(line)\n")
        #expect(host.requests.isEmpty)
    }

    @Test("A good default of each type passes provider check and is sent")
    func goodDefaults() async throws {
        let host = try SearchAPIs().host()
        let text = SearchAPIs.wikiFile.replacingOccurrences(
            of: #"{"name": "list", "parameter": "list", "type": "text", "default": "search"}"#,
            with: #"{"name": "list", "parameter": "list", "type": "choice", "choices": ["search", "random"], "default": "search"},"#
                + #"{"name": "limit", "parameter": "limit", "type": "integer", "minimum": 1, "maximum": 50, "default": "7"},"#
                + #"{"name": "since", "parameter": "since", "type": "date", "format": "yyyyMMdd", "default": "2024-02-29"}"#)
        try host.installProviderFile("wiki", text)
        let check = await host.run(["provider", "check", "wiki"])
        #expect(check.code == .success, "\(check.stderr)")
        let run = await host.run(["wiki", "computing"])
        #expect(run.code == .success, "\(run.stderr)")
        let sent = try #require(host.requests.last)
        #expect(sent.queryValue("list") == "search" && sent.queryValue("limit") == "7" && sent.queryValue("since") == "20240229")
    }

    @Test("config set of a file provider's option follows the option's rule (64, nothing written); a bad one in the file is 78")
    func configValues() async throws {
        let host = try SearchAPIs().host()
        let text = SearchAPIs.wikiFile.replacingOccurrences(
            of: #"{"name": "list", "parameter": "list", "type": "text", "default": "search"}"#,
            with: #"{"name": "list", "parameter": "list", "type": "choice", "choices": ["search", "random"], "default": "search"}"#)
        try host.installProviderFile("wiki", text)
        let set = await host.run(["config", "set", "wiki.list", "all"])
        #expect(set.code == .usage, "\(set.stderr)")
        #expect(set.stderr == "apicli: error: wiki.list must be one of search, random, not 'all'\n")
        #expect(!FileManager.default.fileExists(atPath: host.configPath))

        try FileManager.default.createDirectory(
            atPath: (host.configPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "wiki.list = all\n".write(toFile: host.configPath, atomically: true, encoding: .utf8)
        _ = chmod(host.configPath, 0o600)
        let run = await host.run(["wiki", "computing"])
        #expect(run.code == .configuration, "\(run.stderr)")
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("apicli: error: in the config file \(host.configPath): wiki.list must be one of"))
        #expect(host.requests.isEmpty)
        let flag = await host.run(["wiki", "computing", "--list", "random"])
        #expect(flag.code == .success, "the flag wins over the config file: \(flag.stderr)")
        #expect(host.requests.last?.queryValue("list") == "random")
    }
}
