import Foundation
import Testing
import TestSupport
@testable import APIHost

/// Every check the host makes for an ASCII mark (`?`, `#`, `/`, `:`, `=`, `'`, a line end)
/// finds it by its byte. Compared as `Character`s, a mark that a combining character
/// follows (`?\u{301}`) or the `\n` of `\r\n` is not the mark, yet curl, the server, the
/// shell and the file system all read the byte. One case per place that looked by character.
@Suite("A mark before a combining character is still the mark (host)")
struct MarkBeforeACombiningCharacterTests {
    static let combining = "\u{301}"

    @Test("apicli api: a fragment, a second host and the query are found by their bytes")
    func apiPath() throws {
        #expect(throws: UsageError.self) { try APIPath("/a#\(Self.combining)b") }
        #expect(throws: UsageError.self) { try APIPath("/a\\\(Self.combining)b") }
        #expect(throws: UsageError.self) { try APIPath("//\(Self.combining)evil.example/x") }
        let split = try APIPath("/a?\(Self.combining)b=1&c=\(Self.combining)2")
        #expect(split.path == "/a")
        #expect(split.query == [QueryItem("\(Self.combining)b", "1"), QueryItem("c", "\(Self.combining)2")])
        #expect(try APIPath("/a/\(Self.combining)b").path == "/a/%CC%81b")
        let arguments = try APIArguments(["nyt", "/p", "-q", "x=\(Self.combining)y"], variables: [:])
        #expect(arguments.query == [QueryItem("x", "\(Self.combining)y")])
    }

    @Test("apicli api's last check compares the base path by bytes, not canonically")
    func canonicalBasePath() throws {
        let request = HTTPRequest(baseURL: URL(string: "https://api.example.org/cafe%CC%81")!, path: "/x")
        #expect(throws: UsageError.self) {
            try APICommand.checkOrigin(request, baseURL: URL(string: "https://api.example.org/caf%C3%A9")!)
        }
        try APICommand.checkOrigin(request, baseURL: URL(string: "https://api.example.org/cafe%CC%81")!)
    }

    @Test("a base URL with a query or a fragment is refused", arguments: ["?", "#"])
    func baseURL(_ mark: String) {
        var file = ConfigFile(path: "/nonexistent")
        file.set("unused", "x")
        let settings = Settings(variables: ["APICLI_WEATHER_BASE_URL": "http://127.0.0.1:1/gw\(mark)\(Self.combining)x"], config: file)
        let descriptor = ProviderDescriptor(
            name: "weather", displayName: "W", summary: "s", arguments: [], options: [],
            defaultBaseURL: URL(string: "https://api.example.org")!, credential: nil)
        #expect(throws: CLIError.self) { try settings.baseURL(for: descriptor) }
    }

    @Test("a config file saved with CRLF line ends reads one entry per line")
    func crlfConfig() throws {
        let path = NSTemporaryDirectory() + "apicli-config-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "# saved on Windows\r\nweather.units = imperial\r\nweather.lang=\(Self.combining)fr\r\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = try ConfigFile.load(path: path)
        #expect(loaded.entries.count == 2)
        #expect(loaded["weather.units"] == "imperial")
        #expect(loaded["weather.lang"] == "\(Self.combining)fr")
    }

    @Test("PATH is split where execvp(3) splits it")
    func pathVariable() {
        let source = ExecutablePluginSource(variables: ["PATH": "/a:\(Self.combining)/b:/c/\(Self.combining):/a"])
        #expect(source.directories == ["/a", "/c/\(Self.combining)"])
        #expect(ExecutablePluginSource.folder(of: "/c/\(Self.combining)/apicli-x") == "/c/\(Self.combining)")
    }

    /// The real shells are the oracle: each quoted text, read back by the shell, is the text.
    /// Each runs in a ``ShellSandbox``, which fails the test if `$(touch pwned)` ran.
    static let hostile = [
        "it's", "'\(combining)", "a'\(combining)$(touch pwned)'\(combining)", "\\\(combining)'", "]\(combining)[x]", "`x`",
        "\"\(combining)$HOME\"", "'", "", "end\\",
    ]

    @Test("single quotes hold in bash and zsh", .needs("bash", "zsh"), arguments: ["bash", "zsh"])
    func singleQuotes(_ shell: String) async throws {
        for text in Self.hostile {
            let script = "printf '%s' " + ShellQuoting.singleQuoted(text)
            let run = try await ShellSandbox().run(shell, ["-c", script], timeout: .seconds(10))
            #expect(run.stdoutText == text, "\(shell) read back \(run.stdoutText.debugDescription) for \(text.debugDescription)")
        }
    }

    @Test("fish quotes hold in fish", .needs("fish"))
    func fishQuotes() async throws {
        for text in Self.hostile {
            let run = try await ShellSandbox().run(
                "fish", ["--no-config", "-c", "printf '%s' " + ShellQuoting.fishQuoted(text)], timeout: .seconds(10))
            #expect(run.stdoutText == text, "fish read back \(run.stdoutText.debugDescription) for \(text.debugDescription)")
        }
    }

    /// zsh reads an `_arguments` description a byte at a time: `\` escapes the next byte, and
    /// an unescaped `]` ends it (what follows is an action, which zsh may evaluate).
    @Test("a zsh description ends only where it should")
    func zshDescriptions() {
        for text in Self.hostile {
            let bytes = Array(ZshCompletionsGenerator.escapedDescription(text).utf8)
            var read: [UInt8] = []
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    read.append(bytes[index + 1])
                    index += 2
                    continue
                }
                #expect(bytes[index] != UInt8(ascii: "]") && bytes[index] != UInt8(ascii: "["), "\(text.debugDescription)")
                read.append(bytes[index])
                index += 1
            }
            #expect(String(decoding: read, as: UTF8.self) == text)
        }
    }
}
