import Foundation
import Testing
import TestSupport

/// Text from a provider file never reaches the terminal raw, whatever prints it (issue 23, item 6),
/// and a default its own option refuses is the file's fault, found when it is read (item 11).
@Suite("Provider file texts and defaults, end to end")
struct ProviderFileTextEndToEndTests {
    /// Hostile texts written straight into the file, bypassing the writer (as an old or hand-edited file would).
    static let planted: [(name: String, text: String)] = [
        ("an OSC 52 clipboard write in the summary",
         Sandbox.wikiFile.replacingOccurrences(of: "Search English", with: "Search \u{1B}]52;c;SGVsbG8=\u{07}English")),
        ("a screen clear and a bell in a default",
         Sandbox.wikiFile.replacingOccurrences(of: #""default": "search""#, with: "\"default\": \"se\u{1B}[2J\u{07}arch\"")),
        ("a lone carriage return before a second host",
         Sandbox.wikiFile.replacingOccurrences(
            of: #""path": "/w/api.php","#, with: "\"path\": \"/w/api.php\",\r\"about\": \"https://attacker.example\",")),
        ("a right-to-left override and an isolate in a column name",
         Sandbox.wikiFile.replacingOccurrences(of: #""name": "snippet""#, with: "\"name\": \"snip\u{202E}pe\u{2066}t\"")),
        ("a direction mark and a C1 CSI among the choices",
         Sandbox.wikiFile.replacingOccurrences(
            of: #"{"name": "list", "parameter": "list", "type": "text", "default": "search"}"#,
            with: "{\"name\": \"list\", \"parameter\": \"list\", \"type\": \"choice\", \"choices\": [\"search\", \"s\u{200F}x\u{9B}2J\"]}")),
    ]

    /// Every command that prints text from a provider file.
    static let commands: [[String]] = [
        ["provider", "show", "wiki"], ["provider", "list"], ["provider", "check", "wiki"], ["providers"],
        ["help"], ["help", "wiki"], ["wiki", "--help"], ["manpage"], ["completions", "zsh"],
        ["completions", "bash"], ["completions", "fish"], ["wiki", "--fields", "help"], ["wiki", "computing"],
    ]

    static func controlsTerminal(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.enumerated().contains { index, scalar in
            switch scalar.value {
            case 0x0D: index + 1 == scalars.count || scalars[index + 1] != "\n"
            case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x7F...0x9F: true
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x2028, 0x2029: true
            default: false
            }
        }
    }

    @Test("No command prints a terminal control or bidi character planted in a provider file", arguments: 0..<5)
    func plantedTexts(_ index: Int) async throws {
        let (name, text) = Self.planted[index]
        try #require(text != Sandbox.wikiFile && Self.controlsTerminal(text), "\(name): the case plants something")
        let (sandbox, fixtures) = try Sandbox.withSearchAPIs()
        try sandbox.installProviderFile("wiki", text)
        for words in Self.commands {
            let run = try await sandbox.run(words, set: sandbox.baseURL(for: "wiki"))
            #expect(!Self.controlsTerminal(run.stdoutText), "\(name), \(words): stdout \(run.stdoutText.debugDescription)")
            #expect(!Self.controlsTerminal(run.stderrText), "\(name), \(words): stderr \(run.stderrText.debugDescription)")
        }
        // show still shows the file: every planted character as the JSON escape that means it.
        let show = try await sandbox.run(["provider", "show", "wiki"])
        #expect(show.exitCode == 0, "\(name): \(show.stderrText)")
        #expect(show.stdoutText.contains(#"\u"#), "\(name): \(show.stdoutText)")
        #expect(show.stdoutText.contains(#""baseURL": "https://en.wikipedia.org""#))
        // A lone carriage return is JSON whitespace: that file is read, and only the others are refused.
        if !text.contains("\r") { #expect(fixtures.requests.isEmpty, "\(name): a file the reader refuses sends nothing") }
    }

    @Test("provider show keeps a clean file byte for byte, CRLF line ends included")
    func cleanFileUnchanged() async throws {
        let (sandbox, _) = try Sandbox.withSearchAPIs()
        let text = Sandbox.wikiFile.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
        try sandbox.installProviderFile("wiki", text)
        let show = try await sandbox.run(["provider", "show", "wiki"])
        #expect(show.exitCode == 0, "\(show.stderrText)")
        #expect(show.stdoutText == text)
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

    @Test("A default its option refuses is 78 when the file is read, naming file, line, option and why", arguments: 0..<4)
    func badDefault(_ index: Int) async throws {
        let (option, value, why) = Self.badDefaults[index]
        let (sandbox, fixtures) = try Sandbox.withSearchAPIs()
        let text = Sandbox.wikiFile.replacingOccurrences(
            of: #"{"name": "list", "parameter": "list", "type": "text", "default": "search"}"#, with: option)
        try #require(text != Sandbox.wikiFile)
        try sandbox.installProviderFile("wiki", text)
        let line = "\(sandbox.providersFolder)/wiki.json:11: options[1].default: '\(value)' is not a value --list takes: \(why)"
        let run = try await sandbox.run(["wiki", "computing"], set: sandbox.baseURL(for: "wiki"))
        #expect(run.exitCode == 78, "\(run.stderrText)")
        #expect(run.stderrText == "apicli: error: \(line)\n")
        let check = try await sandbox.run(["provider", "check", "wiki"])
        #expect(check.exitCode == 78)
        #expect(check.stderrText == "apicli: error: \(line)\n")
        #expect(fixtures.requests.isEmpty)
    }

    @Test("A good default of each type passes provider check and is sent")
    func goodDefaults() async throws {
        let (sandbox, fixtures) = try Sandbox.withSearchAPIs()
        let text = Sandbox.wikiFile.replacingOccurrences(
            of: #"{"name": "list", "parameter": "list", "type": "text", "default": "search"}"#,
            with: #"{"name": "list", "parameter": "list", "type": "choice", "choices": ["search", "random"], "default": "search"},"#
                + #"{"name": "limit", "parameter": "limit", "type": "integer", "minimum": 1, "maximum": 50, "default": "7"},"#
                + #"{"name": "since", "parameter": "since", "type": "date", "format": "yyyyMMdd", "default": "2024-02-29"}"#)
        try sandbox.installProviderFile("wiki", text)
        let check = try await sandbox.run(["provider", "check", "wiki"])
        #expect(check.exitCode == 0, "\(check.stderrText)")
        let run = try await sandbox.run(["wiki", "computing"], set: sandbox.baseURL(for: "wiki"))
        #expect(run.exitCode == 0, "\(run.stderrText)")
        let sent = try #require(fixtures.requests.last)
        #expect(sent.query("list") == "search" && sent.query("limit") == "7" && sent.query("since") == "20240229")
    }

    @Test("config set of a file provider's option follows the option's rule (64, nothing written); a bad one in the file is 78")
    func configValues() async throws {
        let (sandbox, fixtures) = try Sandbox.withSearchAPIs()
        let text = Sandbox.wikiFile.replacingOccurrences(
            of: #"{"name": "list", "parameter": "list", "type": "text", "default": "search"}"#,
            with: #"{"name": "list", "parameter": "list", "type": "choice", "choices": ["search", "random"], "default": "search"}"#)
        try sandbox.installProviderFile("wiki", text)
        let set = try await sandbox.run(["config", "set", "wiki.list", "all"])
        #expect(set.exitCode == 64, "\(set.stderrText)")
        #expect(set.stderrText == "apicli: error: wiki.list must be one of search, random, not 'all'\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.configPath))

        try FileManager.default.createDirectory(
            atPath: (sandbox.configPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "wiki.list = all\n".write(toFile: sandbox.configPath, atomically: true, encoding: .utf8)
        _ = chmod(sandbox.configPath, 0o600)
        let run = try await sandbox.run(["wiki", "computing"], set: sandbox.baseURL(for: "wiki"))
        #expect(run.exitCode == 78, "\(run.stderrText)")
        #expect(run.stderrText.hasPrefix("apicli: error: in the config file \(sandbox.configPath): wiki.list must be one of"))
        #expect(run.stderrText.split(separator: "\n").count == 1)
        #expect(fixtures.requests.isEmpty)
        let flag = try await sandbox.run(["wiki", "computing", "--list", "random"], set: sandbox.baseURL(for: "wiki"))
        #expect(flag.exitCode == 0, "the flag wins over the config file: \(flag.stderrText)")
    }
}
