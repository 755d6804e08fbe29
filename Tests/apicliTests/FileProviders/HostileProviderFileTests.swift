import Foundation
import Testing
import TestSupport

/// Broken, hostile and loose provider files: each is exit 78 with the file,
/// field and line, and nothing else is affected.
@Suite("Hostile provider files, end to end")
struct HostileProviderFileTests {
    /// A change to the wiki file, and the field the error must name.
    static let cases: [(String, String, String)] = [
        (#""items": "query.search","#, "", "items"),
        (#""size": 2"#, #""size": "two""#, "paging.size"),
        (#""kind": "number""#, #""kind": "integer""#, "columns[2].kind"),
        ("https://en.wikipedia.org", "file:///etc/passwd", "baseURL"),
        (#""size": 2"#, #""size": 99999999"#, "paging.size"),
        (#""name": "wiki""#, #""name": "weather""#, "name"),
        (#""items": "query.search""#, #""items": "a.b.c.d.e.f.g.h.i.j.k.l.m.n""#, "items"),
    ]

    @Test("Each hostile file is exit 78 naming file, field and line; weather still works", arguments: 0..<7)
    func hostile(_ index: Int) async throws {
        let (replace, with, field) = Self.cases[index]
        let (sandbox, _) = try Sandbox.withSearchAPIs()
        let text = Sandbox.wikiFile.replacingOccurrences(of: replace, with: with)
        try #require(text != Sandbox.wikiFile)
        try sandbox.installProviderFile("wiki", text)
        let run = try await sandbox.run(["wiki", "computing"], set: sandbox.baseURL(for: "wiki"))
        #expect(run.exitCode == 78, "\(run.stderrText)")
        #expect(run.stderrText.contains(sandbox.providersFolder + "/wiki.json:"), "\(run.stderrText)")
        #expect(run.stderrText.contains(": \(field):"), "\(run.stderrText)")
        #expect(run.stderrText.split(separator: "\n").count == 1)

        let check = try await sandbox.run(["provider", "check", "wiki"])
        #expect(check.exitCode == 78)
        let providers = try await sandbox.run(["providers"])
        #expect(providers.exitCode == 0)
        #expect(providers.stdoutText.contains("wiki") && providers.stdoutText.contains("broken:"), "\(providers.stdoutText)")
        let weather = try await sandbox.run(["weather", "Paris"])
        #expect(weather.exitCode == 0, "\(weather.stderrText)")
    }

    /// What jq and Python read differently from a first-wins reader, and bytes that would reach the terminal.
    static let unreadable: [(name: String, text: String, says: String)] = [
        ("a second baseURL after a carriage return",
         Sandbox.wikiFile.replacingOccurrences(
            of: #""baseURL": "https://en.wikipedia.org","#,
            with: "\"baseURL\": \"https://en.wikipedia.org\",\r\"baseURL\": \"https://attacker.example\","),
         #"the key "baseURL" is given twice"#),
        ("a UTF-8 byte-order mark", "\u{FEFF}" + Sandbox.wikiFile, "byte-order mark"),
        ("a right-to-left override, escaped, in the summary",
         Sandbox.wikiFile.replacingOccurrences(of: "Search English", with: #"Search \u202eEnglish"#),
         "summary: must not contain terminal controls or bidi characters"),
        ("a direction mark, escaped, in a column name",
         Sandbox.wikiFile.replacingOccurrences(of: #""name": "snippet""#, with: #""name": "snip\u200fpet""#),
         "must not contain terminal controls or bidi characters"),
        ("an OSC 52 clipboard write, escaped, among the choices",
         Sandbox.wikiFile.replacingOccurrences(
            of: #"{"name": "list", "parameter": "list", "type": "text", "default": "search"}"#,
            with: #"{"name": "list", "parameter": "list", "type": "choice", "choices": ["search", "\u001b]52;c;SGVsbG8=\u0007"]}"#),
         "choices: must not contain terminal controls or bidi characters"),
        ("an escape byte in a string",
         Sandbox.wikiFile.replacingOccurrences(of: "https://en.wikipedia.org", with: "https://en.wikipedia.org\u{1B}[2J"),
         "0x1B"),
    ]

    @Test("Duplicate keys, a BOM and raw control bytes: 78 in one line that names them, nothing raw echoed",
          arguments: 0..<6)
    func unreadableFile(_ index: Int) async throws {
        let (name, text, says) = Self.unreadable[index]
        let (sandbox, fixtures) = try Sandbox.withSearchAPIs()
        try sandbox.installProviderFile("wiki", text)
        for words in [["wiki", "computing"], ["provider", "check", "wiki"]] {
            let run = try await sandbox.run(words, set: sandbox.baseURL(for: "wiki"))
            #expect(run.exitCode == 78, "\(name), \(words): \(run.stderrText)")
            #expect(run.stderrText.split(separator: "\n").count == 1, "\(name): \(run.stderrText)")
            #expect(run.stderrText.contains(says), "\(name): \(run.stderrText)")
            #expect(!run.stderrText.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{FEFF}" || $0 == "\r" })
        }
        #expect(fixtures.requests.isEmpty, "\(name): nothing is sent")
    }

    @Test("An items path the answer lacks is exit 78 at run time, naming what the answer has")
    func missingPath() async throws {
        let (sandbox, _) = try Sandbox.withSearchAPIs()
        try sandbox.installProviderFile("wiki", Sandbox.wikiFile.replacingOccurrences(of: "query.search", with: "query.results"))
        let run = try await sandbox.run(["wiki", "computing"], set: sandbox.baseURL(for: "wiki"))
        #expect(run.exitCode == 78, "\(run.stderrText)")
        #expect(run.stderrText.contains("items: the answer has no 'query.results'"), "\(run.stderrText)")
        #expect(run.stderrText.contains("search"), "names what is there: \(run.stderrText)")
    }

    @Test("A file or folder others can write is refused with the fix", arguments: [false, true])
    func loose(folder: Bool) async throws {
        let (sandbox, fixtures) = try Sandbox.withSearchAPIs()
        try sandbox.installProviderFile("wiki", Sandbox.wikiFile, mode: folder ? 0o600 : 0o666)
        if folder {
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: sandbox.providersFolder)
        }
        let run = try await sandbox.run(["wiki", "computing"], set: sandbox.baseURL(for: "wiki"))
        #expect(run.exitCode == 78, "\(run.stderrText)")
        #expect(run.stderrText.contains("writable by others"), "\(run.stderrText)")
        #expect(run.stderrText.contains("chmod go-w"), "\(run.stderrText)")
        #expect(!fixtures.requests.contains { $0.path == Sandbox.wikiPath }, "nothing was sent")
        let nyt = try await sandbox.run(["nyt", "election"])
        #expect(nyt.exitCode == 0, "\(nyt.stderrText)")
    }

    @Test("A second file claiming a name that is taken is refused; the first still works")
    func duplicateName() async throws {
        let (sandbox, _) = try Sandbox.withSearchAPIs()
        try sandbox.installProviderFile("wiki", Sandbox.wikiFile)
        try sandbox.installProviderFile("wiki2", Sandbox.wikiFile)
        let second = try await sandbox.run(["wiki2", "computing"])
        #expect(second.exitCode == 78)
        #expect(second.stderrText.contains("name:"), "\(second.stderrText)")
        let first = try await sandbox.run(["wiki", "computing"], set: sandbox.baseURL(for: "wiki"))
        #expect(first.exitCode == 0, "\(first.stderrText)")
        let add = try await sandbox.run([
            "provider", "add", "nyt", "--base-url", "https://x.example", "--path", "/s", "--items", "hits",
            "--query-param", "q", "--no-key", "--sample", "/dev/null",
        ])
        #expect(add.exitCode == 64)
        #expect(add.stderrText.contains("taken by a compiled provider"))
    }
}
