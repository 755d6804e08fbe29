import Foundation
import Testing
import TestSupport

/// Every command and format that prints text a server or a user wrote, run on a real
/// pseudo-terminal with that text hostile: no escape sequence (a screen clear, an OSC 52
/// clipboard write, an OSC 8 link), no C0 or C1 control, no backspace or bare carriage
/// return, no bidi override, isolate or mark reaches the terminal. The text itself still
/// shows (its visible markers do), so a command that printed nothing would not pass.
///
/// Colour and the progress line are off (`NO_COLOR`, `TERM=dumb`), so every ESC or CR on the
/// terminal would be one a server or a user wrote; neither changes what is cleaned.
@Suite("Terminal cleaning on a real pseudo-terminal, every command", .needs("python3"))
struct TerminalCleaningTableTests {
    /// Visible between its markers: `zzSTARTzz`, then every kind of control, then `zzENDzz`.
    static let hostile = "zzSTARTzz\u{1B}[2J\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}]8;;https://evil.example/\u{1B}\\link\u{1B}]8;;\u{1B}\\"
        + "\u{85}\u{9B}31m\u{9D}0;title\u{07}b\u{08}c\rd\u{202E}e\u{2066}f\u{2067}g\u{2068}h\u{2069}i\u{200F}j\u{200E}k\u{061C}zzENDzz"
    /// The same without CR and LF, which cannot be in an HTTP header's value.
    static let hostileHeader = hostile.replacingOccurrences(of: "\r", with: "")

    /// `text` for a test's message: the hostile text as `<hostile>`, any other control escaped.
    static func shown(_ text: String) -> String {
        var out = ""
        for scalar in text.replacingOccurrences(of: hostile, with: "<hostile>").unicodeScalars {
            if (0x20..<0x7F).contains(scalar.value) || scalar == "\n" { out.unicodeScalars.append(scalar) } else {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return out
    }

    /// The hostile text as a folder's name: without `/`, and without `:`, which would split `PATH`.
    static let hostileName = hostileHeader.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: ":", with: "_")

    /// `text` as a JSON string literal: C0 escaped, C1 and bidi characters as they are (JSON allows them).
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static var item: String {
        let text = jsonString(hostile)
        return #"{"id": 1, "title": \#(text), \#(text): "value", "nested": {\#(text): \#(text)}}"#
    }

    /// An Article Search answer whose every shown field is hostile.
    static var article: String {
        let text = jsonString(hostile)
        return #"{"status": "OK", "response": {"docs": [{"_id": "nyt://article/1", "web_url": "https://example.org/1", "#
            + #""headline": {"main": \#(text)}, "abstract": \#(text), "snippet": \#(text), "section_name": \#(text), "#
            + #""byline": {"original": \#(text)}, "pub_date": "2016-11-01T00:00:00+0000"}], "meta": {"hits": 1, "offset": 0}}}"#
    }

    static func server() throws -> LoopbackServer {
        let list = #"{"items": [\#(item)], "message": \#(jsonString(hostile))}"#
        // An error answer as OpenWeather (`cod`, `message`) and NYT's gateway (`fault`) write one.
        let text = jsonString(hostile)
        let failure = #"{"cod": "400", "message": \#(text), "fault": {"faultstring": \#(text), "detail": {"errorcode": "x"}}}"#
        let article = article
        let place = #"[{"name": \#(text), "lat": 47.2, "lon": 39.7, "country": "RU", "state": \#(text)}]"#
        let forecast = try Fixtures.real("weather/weather-rostov-metric-ru-cnt8.json")
        // The table runs some fifty commands one after another: on a busy machine that outlasts the default lifetime.
        return try LoopbackServer(maxLifetime: .seconds(900)) { request in
            switch (request.path, request.query("q")) {
            case (_, "boom"?): return .json(failure, status: 400, headers: [("X-Hostile", hostileHeader)])
            case ("/svc/search/v2/articlesearch.json", _): return .json(article)
            case ("/geo/1.0/direct", _): return .json(place)
            case ("/data/2.5/forecast", _): return .json(forecast)
            case ("/hostile/list", _): return .json(list, headers: [("X-Hostile", hostileHeader)])
            case ("/hostile/record", _): return .json(item)
            case ("/hostile/text", _): return .status(200, headers: [("Content-Type", "text/plain")], body: hostile)
            default: return .status(404, body: hostile)
            }
        }
    }

    static func providerFile(_ name: String, path: String, items: String) -> String {
        """
        {"apicli": 1, "name": "\(name)", "summary": "Hostile answers.", "baseURL": "https://api.example.org", "path": "\(path)",
         "words": {"parameter": "q"}, "key": "none", "items": \(items), "id": "id",
         "columns": [{"name": "title", "path": "title", "kind": "text", "searchable": true}]}
        """
    }

    /// An OpenAPI document whose every text a help page shows is hostile.
    static var document: String {
        let text = jsonString(hostile)
        return """
            {"openapi": "3.0.0", "info": {"title": \(text), "description": \(text), "version": "1"},
             "servers": [{"url": "https://api.example.org"}],
             "paths": {"/hostile/list": {"get": {"operationId": "search", "summary": \(text), "description": \(text),
               "parameters": [{"name": "q", "in": "query", "description": \(text), "schema": {"type": "string"}},
                              {"name": "mode", "in": "query", "description": \(text),
                               "schema": {"type": "string", "enum": ["plain", \(text)]}}],
               "responses": {"200": {"description": \(text), "content": {"application/json": {"schema":
                 {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "object",
                   "properties": {"title": {"type": "string", "description": \(text)}}}}}}}}}}}}}}
            """
    }

    /// One command line, run on the terminal after the sandbox was set up.
    struct Case: Sendable, CustomStringConvertible {
        var words: [String]
        /// A store of its own (`APICLI_DB`, a name under the home), where the run must not share
        /// the rate ledger: NYT allows five requests a minute.
        var store: String?
        /// Whether the hostile text must show (cleaned): false where nothing hostile is printed
        /// (declared fields, an error that names no server text) or apicli refuses it whole.
        var shows = true
        var description: String { TerminalCleaningTableTests.shown(words.joined(separator: " ")) }
    }

    static let sql = "SELECT '\(hostile)' AS \"\(hostile)\", 2 AS n"
    static let formats = ["table", "csv", "json", "ndjson", "line"]

    static let cases: [Case] = formats.map { Case(words: ["store", "sql", sql, "--format", $0]) }
        + formats.map { Case(words: ["hostile", "words", "--format", $0]) }
        + formats.map { Case(words: ["hostrec", "words", "--format", $0]) }
        + formats.map { Case(words: ["nyt", "words", "--format", $0], store: "nyt-\($0).sqlite3") }
        + formats.map { Case(words: ["weather", "Rostov", "--format", $0]) }
        + [
            Case(words: ["hostile", "words", "--offline"]),
            Case(words: ["hostile", "words", "--fields", "help"], shows: false),
            Case(words: ["hostrec", "words", "--fields", "help"]),
            Case(words: ["hostrec", "words", "--fields", "help", "--offline"]),
            Case(words: ["hostile", "words", "--fields", hostile]),
            Case(words: ["hostile", "words", "--template", "{\(hostile)}"], shows: false),
            Case(words: ["hostile", "boom"], shows: false),
            Case(words: ["nyt", "boom"], store: "nyt-boom.sqlite3"),
            Case(words: ["weather", "boom"]),
            Case(words: ["api", "nyt", "/svc/search/v2/articlesearch.json", "-q", "q=boom"], store: "nyt-api.sqlite3",
                 shows: false),
            Case(words: ["api", "hostile", "/hostile/list"]),
            Case(words: ["api", "hostile", "/hostile/text"]),
            Case(words: ["api", "hostile", "--include", "/hostile/list"]),
            Case(words: ["api", "hostile", "/hostile/list", "-q", "q=boom"], shows: false),
            Case(words: ["api", "hostile", "--include", "/hostile/list", "-q", "q=boom"]),
            Case(words: ["api", "hostile", "/hostile/missing"], shows: false),
            Case(words: ["api", "hostile", "/\(hostile)"]),
            Case(words: ["provider", "show", "hostshow"]),
            Case(words: ["providers"]),
            Case(words: ["provider", "add", "hostdoc", "--openapi", "hostile.json"], shows: false),
            Case(words: ["help", "hostdoc"]),
            Case(words: ["hostdoc", "--help"]),
            Case(words: [hostile]),
            Case(words: ["hostile", "words", "--\(hostile)"]),
            Case(words: ["--help"], shows: false),
        ]

    /// A sandbox with the providers installed, the store filled by piped runs, a hostile OpenAPI
    /// document in its home and a folder of plugins whose path is hostile on `PATH`.
    static func sandbox() async throws -> (Sandbox, [String: String]) {
        let sandbox = try Sandbox(server: server())
        try sandbox.installProviderFile("hostile", providerFile("hostile", path: "/hostile/list", items: #""items""#))
        try sandbox.installProviderFile("hostrec", providerFile("hostrec", path: "/hostile/record", items: #"{"shape": "record"}"#))
        // A file apicli refuses to load (its summary is hostile), which `provider show` still shows.
        try sandbox.installProviderFile("hostshow", providerFile("hostshow", path: "/x", items: #""items""#)
            .replacingOccurrences(of: #""Hostile answers.""#, with: jsonString(hostile)))
        try Data(document.utf8).write(to: sandbox.home.url.appendingPathComponent("hostile.json"))
        let plugins = try sandbox.home.makeDirectory("plugins" + hostileName)
        chmod(plugins.path, 0o755)
        let plugin = plugins.appendingPathComponent("apicli-greet").path
        try Data("#!/bin/sh\necho hello\n".utf8).write(to: URL(fileURLWithPath: plugin))
        chmod(plugin, 0o755)
        var variables = sandbox.environment(set: [
            "NO_COLOR": "1", "TERM": "dumb", "APICLI_TIMEOUT": "120", "APICLI_HOSTILE_BASE_URL": sandbox.server.baseURL.absoluteString,
            "APICLI_HOSTREC_BASE_URL": sandbox.server.baseURL.absoluteString,
            "APICLI_HOSTDOC_BASE_URL": sandbox.server.baseURL.absoluteString,
        ])
        variables["PATH"] = plugins.path + ":" + (variables["PATH"] ?? "/usr/bin:/bin")
        for words in [["hostile", "words"], ["hostrec", "words"]] {
            let filled = try await ProcessRunner.apicli(words, environment: variables, currentDirectory: sandbox.home.url)
            guard filled.exitCode == 0 else { throw SetupFailure(words: words, stderr: filled.stderrText) }
        }
        return (sandbox, variables)
    }

    struct SetupFailure: Error {
        var words: [String]
        var stderr: String
    }

    @Test("no terminal control a server or a user wrote reaches the terminal")
    func everyCommand() async throws {
        let (sandbox, variables) = try await Self.sandbox()
        for test in Self.cases {
            var environment = variables
            if let store = test.store { environment["APICLI_DB"] = sandbox.home.path(store) }
            let run = try await PseudoTerminalRun.run(test.words, environment: environment, in: sandbox.home.url)
            let controls = PseudoTerminalRun.controls(in: run.bytes)
            #expect(controls.isEmpty, "\(test), exit \(run.exitCode): \(controls.prefix(8)) in \(Self.shown(run.text))")
            if test.shows {
                #expect(run.text.contains("zzSTARTzz"),
                        "\(test), exit \(run.exitCode): the text does not show: \(Self.shown(run.text))")
            }
        }
    }
}
