import Foundation
import Testing
import TestSupport

/// Broken, hostile and loose provider files, through the host in-process: each is
/// exit 78 with the file, field and line (that line is the behaviour), nothing is
/// sent for it, and the compiled provider beside it is not affected.
@Suite("Hostile provider files, through the host")
struct HostileProviderFileHostTests {
    /// A change to the wiki file, and the field the error must name.
    static let cases: [(String, String, String)] = [
        (#""items": "query.search","#, "", "items"),
        (#""size": 2"#, #""size": "two""#, "paging.size"),
        (#""kind": "number""#, #""kind": "integer""#, "columns[2].kind"),
        ("https://en.wikipedia.org", "file:///etc/passwd", "baseURL"),
        (#""size": 2"#, #""size": 99999999"#, "paging.size"),
        (#""name": "wiki""#, #""name": "stub""#, "name"),
        (#""items": "query.search""#, #""items": "a.b.c.d.e.f.g.h.i.j.k.l.m.n""#, "items"),
    ]

    @Test("Each hostile file is exit 78 naming file, field and line; the compiled provider still works", arguments: 0..<7)
    func hostile(_ index: Int) async throws {
        let (replace, with, field) = Self.cases[index]
        let host = try SearchAPIs().host()
        let text = SearchAPIs.wikiFile.replacingOccurrences(of: replace, with: with)
        try #require(text != SearchAPIs.wikiFile)
        try host.installProviderFile("wiki", text)
        let run = await host.run(["wiki", "computing"])
        #expect(run.code == .configuration, "\(run.stderr)")
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(run.stderr.contains(host.providersFolder + "/wiki.json:"), "\(run.stderr)")
        #expect(run.stderr.contains(": \(field):"), "\(run.stderr)")
        #expect(host.requests.isEmpty)

        let check = await host.run(["provider", "check", "wiki"])
        #expect(check.code == .configuration)
        let providers = await host.run(["providers"])
        #expect(providers.code == .success)
        #expect(providers.stdout.contains("wiki") && providers.stdout.contains("broken:"), "\(providers.stdout)")
        let stub = await host.run(["stub", "Paris"])
        #expect(stub.code == .success, "\(stub.stderr)")
        #expect(stub.stdout.contains("A stub record"))
    }

    /// What jq and Python read differently from a first-wins reader, and bytes that would reach the terminal.
    static let unreadable: [(name: String, text: String, says: String)] = [
        ("a second baseURL after a carriage return",
         SearchAPIs.wikiFile.replacingOccurrences(
            of: #""baseURL": "https://en.wikipedia.org","#,
            with: "\"baseURL\": \"https://en.wikipedia.org\",\r\"baseURL\": \"https://attacker.example\","),
         #"the key "baseURL" is given twice"#),
        ("a UTF-8 byte-order mark", "\u{FEFF}" + SearchAPIs.wikiFile, "byte-order mark"),
        ("a right-to-left override, escaped, in the summary",
         SearchAPIs.wikiFile.replacingOccurrences(of: "Search English", with: #"Search \u202eEnglish"#),
         "summary: must not contain terminal controls or bidi characters"),
        ("a direction mark, escaped, in a column name",
         SearchAPIs.wikiFile.replacingOccurrences(of: #""name": "snippet""#, with: #""name": "snip\u200fpet""#),
         "must not contain terminal controls or bidi characters"),
        ("an OSC 52 clipboard write, escaped, among the choices",
         SearchAPIs.wikiFile.replacingOccurrences(
            of: #"{"name": "list", "parameter": "list", "type": "text", "default": "search"}"#,
            with: #"{"name": "list", "parameter": "list", "type": "choice", "choices": ["search", "\u001b]52;c;SGVsbG8=\u0007"]}"#),
         "choices: must not contain terminal controls or bidi characters"),
        ("an escape byte in a string",
         SearchAPIs.wikiFile.replacingOccurrences(of: "https://en.wikipedia.org", with: "https://en.wikipedia.org\u{1B}[2J"),
         "0x1B"),
    ]

    @Test("Duplicate keys, a BOM and raw control bytes: 78 in one line that names them, nothing raw echoed",
          arguments: 0..<6)
    func unreadableFile(_ index: Int) async throws {
        let (name, text, says) = Self.unreadable[index]
        let host = try SearchAPIs().host()
        try host.installProviderFile("wiki", text)
        for words in [["wiki", "computing"], ["provider", "check", "wiki"]] {
            let run = await host.run(words)
            #expect(run.code == .configuration, "\(name), \(words): \(run.stderr)")
            #expect(run.isOneErrorLine, "\(name): \(run.stderr)")
            #expect(run.stderr.contains(says), "\(name): \(run.stderr)")
            #expect(!run.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{FEFF}" || $0 == "\r" })
        }
        #expect(host.requests.isEmpty, "\(name): nothing is sent")
    }

    @Test("An items path the answer lacks: the list the answer has is read, said once; an error sent with 200 is exit 78 naming what the answer has")
    func missingPath() async throws {
        let host = try SearchAPIs().host()
        try host.installProviderFile("wiki", SearchAPIs.wikiFile.replacingOccurrences(of: "query.search", with: "query.results"))
        let run = await host.run(["wiki", "computing"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stderr.contains("a list under 'query.search', not as a list under 'query.results'"), "\(run.stderr)")
        #expect(host.requests.count == 1)

        // MediaWiki sends its errors with 200: an error object is never taken for the answer's shape.
        let error = Data(#"{"error": {"code": "badvalue", "info": "Unrecognized value for parameter \"list\": serch."}, "servedby": "mw1"}"#.utf8)
        let failing = try SearchAPIs().host(routes: [SearchAPIs.wikiPath: error])
        try failing.installProviderFile("wiki", SearchAPIs.wikiFile.replacingOccurrences(of: "query.search", with: "query.results"))
        let refused = await failing.run(["wiki", "computing"])
        #expect(refused.code == .configuration, "\(refused.stderr)")
        #expect(refused.isOneErrorLine && refused.stderr.contains("items: the answer has no 'query.results'"), "\(refused.stderr)")
        #expect(refused.stderr.contains("error, servedby"), "names what is there: \(refused.stderr)")
    }

    @Test("A file or folder others can write is refused with the fix", arguments: [false, true])
    func loose(folder: Bool) async throws {
        let host = try SearchAPIs().host()
        try host.installProviderFile("wiki", SearchAPIs.wikiFile, mode: folder ? 0o600 : 0o666)
        if folder {
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: host.providersFolder)
        }
        let run = await host.run(["wiki", "computing"])
        #expect(run.code == .configuration, "\(run.stderr)")
        #expect(run.isOneErrorLine && run.stderr.contains("writable by others"), "\(run.stderr)")
        #expect(run.stderr.contains("chmod go-w"), "the fix: \(run.stderr)")
        #expect(host.requests.isEmpty, "nothing was sent")
        let stub = await host.run(["stub", "election"])
        #expect(stub.code == .success, "\(stub.stderr)")
    }

    @Test("A second file claiming a name that is taken is refused; the first still works")
    func duplicateName() async throws {
        let host = try SearchAPIs().host()
        try host.installProviderFile("wiki", SearchAPIs.wikiFile)
        try host.installProviderFile("wiki2", SearchAPIs.wikiFile)
        let second = await host.run(["wiki2", "computing"])
        #expect(second.code == .configuration)
        #expect(second.isOneErrorLine && second.stderr.contains("name:"), "\(second.stderr)")
        let first = await host.run(["wiki", "computing"])
        #expect(first.code == .success, "\(first.stderr)")
        let add = await host.run([
            "provider", "add", "stub", "--base-url", "https://x.example", "--path", "/s", "--items", "hits",
            "--query-param", "q", "--no-key", "--sample", "/dev/null",
        ])
        #expect(add.code == .usage)
        #expect(add.stderr.contains("taken by a compiled provider"), "\(add.stderr)")
        #expect(!host.hasProviderFile("stub"))
    }
}
