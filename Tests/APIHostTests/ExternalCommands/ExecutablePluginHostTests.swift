import APIHost
import Foundation
import Testing
import TestSupport

/// Which `apicli-NAME` on `PATH` the host starts, with which arguments and variables, and
/// which it lists as shadowed or refused: through the host in-process, where the launch is
/// handed to the test (``HostEnvironment/launchPlugin``) instead of replacing the runner.
/// That the plugin then runs as `apicli NAME` (its bytes, streams, exit status and signals
/// its own) needs a process: the binary's `ExecutablePluginEndToEndTests`.
@Suite("Plugins on PATH, through the host")
struct ExecutablePluginHostTests {
    /// A folder of `apicli-NAME` executables, others unable to write it.
    struct Folder {
        let path: String

        init(in host: ProviderFilesHost, named name: String = "plugins") throws {
            path = try host.home.makeDirectory(name).path
            chmod(path, 0o755)
        }

        @discardableResult
        func add(_ name: String, mode: mode_t = 0o755) throws -> String {
            let file = path + "/apicli-" + name
            try Data("#!/bin/sh\nexit 0\n".utf8).write(to: URL(fileURLWithPath: file))
            chmod(file, mode)
            return file
        }

        var variables: [String: String] { ["PATH": path + ":/usr/bin:/bin"] }
    }

    @Test("the global options before the word become variables; those after it are the plugin's arguments")
    func globalOptionsAsVariables() async throws {
        let host = try ProviderFilesHost()
        let plugins = try Folder(in: host)
        let path = try plugins.add("echo")
        let run = await host.run(
            ["--json", "--color", "never", "-q", "--offline", "--db", "/tmp/other.sqlite3", "echo", "--quiet", "two words"],
            set: plugins.variables)
        #expect(run.code == .success, "\(run.stderr)")
        let launch = try #require(host.launches.first)
        #expect(host.launches.count == 1)
        #expect(launch.path == path)
        #expect(launch.arguments == ["--quiet", "two words"], "passed unchanged")
        let added = launch.addedVariables
        #expect(added["APICLI_DB"] == "/tmp/other.sqlite3")
        #expect(added["APICLI_FORMAT"] == "json" && added["APICLI_COLOR"] == "never")
        #expect(added["APICLI_QUIET"] == "1" && added["APICLI_OFFLINE"] == "1" && added["APICLI_REFRESH"] == nil)
        #expect(added["APICLI_CONFIG_DIR"] == host.home.path("config/apicli"))
        #expect(added["APICLI_BIN"]?.isEmpty == false)
    }

    @Test("the plugin's environment goes without every variable that carries a credential; those set are handed on")
    func credentialVariablesTakenOut() async throws {
        let host = try ProviderFilesHost(compiled: [StubProvider(keyVariable: "STUB_API_KEY")])
        let plugins = try Folder(in: host)
        try plugins.add("hello")
        try host.installProviderFile("algolia", ProviderFileTexts.algolia)
        // A file that is refused (loose) still names the one variable it could read.
        try host.installProviderFile("loose-one", ProviderFileTexts.algolia, mode: 0o666)
        let variables = plugins.variables.merging([
            "STUB_API_KEY": "stubKEY-123456", "ALGOLIA_API_KEY": "algKEY-123456",
            "APICLI_ALGOLIA_BASE_URL": "http://user:secret-pw@127.0.0.1:9", "APICLI_STUB_BASE_URL": "http://127.0.0.1:9",
            "APICLI_CREDENTIALS_SOCKET": "apicli-credentials-of-another", "OTHER_API_KEY": "not a provider's",
        ]) { _, new in new }
        let run = await host.run(["--format", "csv", "hello"], set: variables)
        #expect(run.code == .success, "\(run.stderr)")
        let launch = try #require(host.launches.first)
        #expect(launch.removedVariables == [
            "STUB_API_KEY", "ALGOLIA_API_KEY", "LOOSE_ONE_API_KEY", "APICLI_ALGOLIA_BASE_URL", "APICLI_CREDENTIALS_SOCKET",
        ])
        #expect(launch.handedVariables == ["STUB_API_KEY", "ALGOLIA_API_KEY", "APICLI_ALGOLIA_BASE_URL"])
        #expect(launch.addedVariables["APICLI_FORMAT"] == "csv")
        for value in launch.addedVariables.values {
            #expect(!value.contains("KEY-123456") && !value.contains("secret-pw"), "\(launch.addedVariables)")
        }
    }

    @Test("every global option before the word reaches the plugin as a variable")
    func everyGlobalOption() async throws {
        let host = try ProviderFilesHost()
        let plugins = try Folder(in: host)
        try plugins.add("echo")
        let run = await host.run(
            ["--wide", "--fields", "a,b", "--template", "{a}", "--new", "--changed", "--fail-empty", "--refresh", "--verbose", "echo"],
            set: plugins.variables)
        #expect(run.code == .success, "\(run.stderr)")
        let added = try #require(host.launches.first).addedVariables
        #expect(added["APICLI_FIELDS"] == "a,b" && added["APICLI_TEMPLATE"] == "{a}")
        for flag in ["WIDE", "NEW", "CHANGED", "FAIL_EMPTY", "REFRESH", "VERBOSE"] {
            #expect(added["APICLI_" + flag] == "1", "\(flag): \(added)")
        }
        #expect(added["APICLI_FORMAT"] == nil && added["APICLI_OFFLINE"] == nil && added["APICLI_AS_OF"] == nil)
        let asOf = await host.run(["--offline", "--as-of", "2026-12-01T06:00", "echo"], set: plugins.variables)
        #expect(asOf.code == .success, "\(asOf.stderr)")
        let offline = try #require(host.launches.last).addedVariables
        #expect(offline["APICLI_OFFLINE"] == "1" && offline["APICLI_AS_OF"] == "2026-12-01T06:00", "\(offline)")
    }

    @Test("a name a built-in command, a compiled provider or a provider file has is listed as shadowed and never run")
    func shadowed() async throws {
        let host = try ProviderFilesHost { _ in InProcessHost.json(#"[{"id": "1", "title": "A record"}]"#) }
        let plugins = try Folder(in: host)
        try plugins.add("stub")
        try plugins.add("store")
        let run = await host.run(["stub", "election"], set: plugins.variables)
        #expect(run.code == .success, "\(run.stderr)")
        #expect(host.requests.count == 1)
        let listing = await host.run(["providers"], set: plugins.variables)
        #expect(listing.stdout.contains("stub   \(plugins.path)/apicli-stub (shadowed by the compiled provider 'stub'; never run)\n"),
                "\(listing.stdout)")
        #expect(listing.stdout.contains("store  \(plugins.path)/apicli-store (shadowed by the built-in command 'store'; never run)\n"))

        try host.installProviderFile("wiki", WikiFile.text)
        try plugins.add("wiki")
        let file = await host.run(["wiki", "computing", "--offline"], set: plugins.variables)
        #expect(file.code == .unavailable, "the provider file ran, offline with nothing stored: \(file.stderr)")
        let withFile = await host.run(["providers"], set: plugins.variables)
        #expect(withFile.stdout.contains(
            "wiki   \(plugins.path)/apicli-wiki (shadowed by the provider file \(host.providersFolder)/wiki.json; never run)\n"),
            "\(withFile.stdout)")
        _ = await host.run(["store", "info"], set: plugins.variables)
        #expect(host.launches.isEmpty)
    }

    /// The line names the file, its mode and the fix: the wording is the behaviour.
    @Test("a plugin others can write, or in a folder others can write, is refused with 78 and never run")
    func looseMode() async throws {
        let host = try ProviderFilesHost()
        let plugins = try Folder(in: host)
        let loose = try plugins.add("loose", mode: 0o777)
        let result = await host.run(["loose"], set: plugins.variables)
        #expect(result.code == .configuration)
        #expect(result.stderr == "apicli: error: the plugin \(loose) is writable by others (mode 777), so it is not used; run 'chmod go-w \(loose)'\n")

        let open = try Folder(in: host, named: "open")
        try open.add("inopen")
        chmod(open.path, 0o777)
        let inOpen = await host.run(["inopen"], set: open.variables)
        #expect(inOpen.code == .configuration)
        #expect(inOpen.isOneErrorLine && inOpen.stderr.contains("the folder \(open.path) is writable by others"), "\(inOpen.stderr)")
        let listing = await host.run(["providers"], set: plugins.variables)
        #expect(listing.stdout.contains("loose  \(loose) (refused: the plugin \(loose) is writable by others"), "\(listing.stdout)")
        #expect(host.launches.isEmpty)
    }

    @Test("'apicli help NAME' starts 'apicli-NAME --help'; --help and the completions list the plugin with its path")
    func helpAndCompletions() async throws {
        let host = try ProviderFilesHost()
        let plugins = try Folder(in: host)
        let path = try plugins.add("hello")
        let help = await host.run(["help", "hello"], set: plugins.variables)
        #expect(help.code == .success)
        #expect(host.launches.map(\.path) == [path] && host.launches.first?.arguments == ["--help"])
        let flag = await host.run(["--verbose", "--help", "hello", "x"], set: plugins.variables)
        #expect(flag.code == .success)
        #expect(host.launches.last?.arguments == ["--help", "x"], "--help before the word is passed first")
        let top = await host.run(["--help"], set: plugins.variables)
        #expect(top.stdout.contains("PLUGINS (apicli-NAME on PATH):\n  hello  \(path)\n"), "\(top.stdout)")
        for shell in ["bash", "zsh", "fish"] {
            let script = await host.run(["completions", shell], set: plugins.variables)
            #expect(script.stdout.contains("hello"), "\(shell) does not offer the plugin")
        }
        let without = await host.run(["completions", "bash"])
        #expect(!without.stdout.contains("hello"))
        #expect(host.launches.count == 2)
    }

    @Test("an unknown word with no plugin is still a usage error, and relative PATH entries are never searched")
    func unknownWord() async throws {
        let host = try ProviderFilesHost()
        let plugins = try Folder(in: host, named: "relative")
        try plugins.add("here")
        // A relative entry that names the folder from the runner's current folder: searched, it would be found.
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relativePath = String(repeating: "../", count: depth) + plugins.path.dropFirst()
        try #require(FileManager.default.fileExists(atPath: relativePath + "/apicli-here"))
        let relative = await host.run(["here"], set: ["PATH": "\(relativePath)::/usr/bin:/bin"])
        #expect(relative.code == .usage)
        #expect(relative.isOneErrorLine && relative.stderr.contains("unknown command or provider 'here'"), "\(relative.stderr)")
        #expect(relative.stdout.isEmpty)
        #expect(host.launches.isEmpty)
    }
}

/// A small Wikipedia search provider file, for a name a plugin shares.
enum WikiFile {
    static let text = """
        {"apicli": 1, "name": "wiki", "summary": "Search English Wikipedia articles.", "baseURL": "https://en.wikipedia.org",
         "path": "/w/api.php", "words": {"parameter": "srsearch"}, "key": "none", "items": "query.search", "id": "pageid",
         "columns": [{"name": "title", "path": "title", "kind": "text", "searchable": true}]}
        """
}
