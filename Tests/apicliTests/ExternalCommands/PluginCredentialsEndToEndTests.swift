import Foundation
import Testing
import TestSupport

/// A plugin never holds a key: its environment, its descriptors and the environment
/// of the apicli that started it show none, and the socket that apicli serves answers
/// the plugin nothing; yet the `apicli api` it runs, nested plugins' too, reaches every
/// API with the key, from an exported variable, a provider file's variable, a base
/// URL's password or the config file
/// (docs/design/0100-plugin-credentials-without-environment.md).
@Suite("Plugins and credentials, end to end", .serialized)
struct PluginCredentialsEndToEndTests {
    static let algoliaKey = "algKEY-e2e-31c8d0"
    static let tokenKey = "tokKEY-e2e-5e02b7"
    static let configKey = "cfgKEY-e2e-d41a6b"
    static let basePassword = "basePW-e2e-9a7f1c"

    /// Prints what it was handed (depth `outer` or `inner`), asks the socket itself, runs
    /// `apicli api` once per provider, and, as `outer`, runs itself through apicli as `inner`.
    static let dump = """
        #!/usr/bin/env python3
        import os, socket, subprocess, sys
        depth = sys.argv[1]
        print("== environment", depth)
        for name, value in sorted(os.environ.items()):
            print(f"{name}={value}")
        print("== descriptors", depth)
        for fd in sorted(int(name) for name in os.listdir("/proc/self/fd")):
            try:
                target = os.readlink(f"/proc/self/fd/{fd}")
            except OSError:
                continue  # the listing's own, closed by now
            print("fd", fd, target)
            if fd > 2:
                try:
                    print(os.pread(fd, 1 << 16, 0))
                except OSError as error:
                    print("unreadable:", error.strerror)
        print("== parent", depth)
        try:
            print(open(f"/proc/{os.getppid()}/environ", "rb").read().replace(b"\\0", b"\\n").decode(errors="replace"))
        except OSError as error:
            print("unreadable:", error.strerror)
        print("== socket", depth)
        if "APICLI_CREDENTIALS_SOCKET" in os.environ:
            asked = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            asked.connect("\\0" + os.environ["APICLI_CREDENTIALS_SOCKET"])
            print("answer:", asked.recv(1 << 16))
        else:
            print("no socket")
        apicli = os.environ["APICLI_BIN"]
        calls = [["nyt", "/svc/search/v2/articlesearch.json", "-q", "q=" + depth]]
        if depth == "outer":
            calls += [["weather", "/geo/1.0/direct", "-q", "q=London"], ["algolia", "/api/v1/search", "-q", "query=a"],
                      ["tokened", "/api/v1/search", "-q", "query=t"], ["conf", "/api/v1/search", "-q", "query=c"]]
        for call in calls:
            print("api", call[0], subprocess.run([apicli, "api", *call], stdout=subprocess.DEVNULL).returncode)
        if depth == "outer":
            sys.stdout.flush()  # before the inner dump writes to the same pipe
            print("nested", subprocess.run([apicli, "dump", "inner"]).returncode)
        """

    /// A provider file like Algolia's search, called `name`, with `key` as its key field.
    static func providerFile(_ name: String, key: String) -> String {
        ProviderFileTexts.algolia
            .replacingOccurrences(of: #""name": "algolia""#, with: #""name": "\#(name)""#)
            .replacingOccurrences(of: #""key": {"header": "X-Algolia-API-Key"}"#, with: #""key": \#(key)"#)
    }

    /// The sandbox with three provider files (a header key, a bearer token, a key in the
    /// config file alone), the dump plugin on `PATH`, and the variables a run exports.
    static func world() async throws -> (Sandbox, FixtureServer, PluginFolder, [String: String]) {
        let (sandbox, fixtures) = try Sandbox.withSearchAPIs()
        try sandbox.installProviderFile("algolia", ProviderFileTexts.algolia)
        try sandbox.installProviderFile("tokened", providerFile("tokened", key: #"{"scheme": "bearer"}"#))
        try sandbox.installProviderFile("conf", providerFile("conf", key: #"{"parameter": "apikey"}"#))
        let stored = try await sandbox.run(["config", "set", "conf.api-key"], stdin: configKey + "\n")
        try #require(stored.exitCode == 0, "\(stored.stderrText)")
        let plugins = try PluginFolder(in: sandbox)
        try plugins.add("dump", dump)
        var withPassword = URLComponents(url: sandbox.server.baseURL, resolvingAgainstBaseURL: false)
        withPassword?.user = "apicli"
        withPassword?.password = basePassword
        let variables = plugins.variables([
            "PATH": plugins.path + ":" + (RequiredTool.path("python3").map { ($0 as NSString).deletingLastPathComponent } ?? "/usr/bin")
                + ":/usr/bin:/bin",
            "ALGOLIA_API_KEY": algoliaKey,
            "TOKENED_API_KEY": tokenKey,
            "APICLI_ALGOLIA_BASE_URL": withPassword?.url?.absoluteString ?? "",
            "APICLI_TOKENED_BASE_URL": sandbox.server.baseURL.absoluteString,
            "APICLI_CONF_BASE_URL": sandbox.server.baseURL.absoluteString,
        ])
        return (sandbox, fixtures, plugins, variables)
    }

    /// Every secret of ``world()``, as the dump could show it.
    static var secrets: [String] {
        [Sandbox.nytKey, Sandbox.weatherKey, algoliaKey, tokenKey, configKey, basePassword]
    }

    @Test(
        "a plugin's environment, descriptors and parent show no key; its apicli api, nested too, reaches each API with it",
        .needs("python3"))
    func noKeyInThePluginYetEveryAPIGetsIt() async throws {
        let (sandbox, fixtures, _, variables) = try await Self.world()
        // Started with no descriptor but its three streams (the test runner's own could be inherited
        // otherwise), so any other the plugin holds is one apicli gave it.
        let python = try RequiredTool.require("python3")
        let apicli = try ProcessRunner.apicliExecutable().path
        let result = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: python),
            arguments: ["-c", "import os, sys; os.closerange(3, 1 << 16); os.execv(sys.argv[1], sys.argv[1:])", apicli, "dump", "outer"],
            environment: sandbox.environment(set: variables), currentDirectory: sandbox.home.url)
        let dump = result.stdoutText
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stderrText.isEmpty, "\(result.stderrText)")
        for depth in ["outer", "inner"] {
            #expect(dump.contains("== environment \(depth)\n") && dump.contains("== parent \(depth)\n"), "\(dump)")
        }
        for secret in Self.secrets {
            #expect(!dump.contains(secret), "the plugin was handed \(secret):\n\(dump)")
        }
        // The variables are gone from the plugin's environment, not emptied.
        for depth in ["outer", "inner"] {
            let environment = Self.section("environment \(depth)", of: dump)
            for name in ["NYT_API_KEY", "OPENWEATHER_API_KEY", "ALGOLIA_API_KEY", "TOKENED_API_KEY", "APICLI_ALGOLIA_BASE_URL"] {
                #expect(!environment.contains { $0.hasPrefix(name + "=") }, "\(depth): \(name)")
            }
            #expect(environment.contains("APICLI_TOKENED_BASE_URL=\(sandbox.server.baseURL.absoluteString)"), "a base URL without a password stays")
        }
        // The plugin inherits its three streams and nothing else.
        let descriptors = dump.split(separator: "\n").filter { $0.hasPrefix("fd ") }.map { $0.split(separator: " ")[1] }
        #expect(descriptors == ["0", "1", "2", "0", "1", "2"], "\(dump)")
        #expect(dump.components(separatedBy: "answer: b''\n").count == 3, "the socket answers the plugin nothing: \(dump)")
        for line in ["api nyt 0", "api weather 0", "api algolia 0", "api tokened 0", "api conf 0", "nested 0"] {
            #expect(dump.contains(line + "\n"), "\(line): \(dump) \(result.stderrText)")
        }

        let requests = fixtures.requests
        for depth in ["outer", "inner"] {
            let nyt = requests.first { $0.path == FixtureServer.nytPath && $0.query("q") == depth }
            #expect(nyt?.query("api-key") == Sandbox.nytKey, "\(depth): \(requests.map(\.target))")
        }
        #expect(requests.first { $0.path == FixtureServer.directPath }?.query("appid") == Sandbox.weatherKey)
        let search = requests.filter { $0.path == Sandbox.hnPath }
        let algolia = search.first { $0.query("query") == "a" }
        #expect(algolia?.header("X-Algolia-API-Key") == Self.algoliaKey, "\(search.map(\.headers))")
        let basic = Data("apicli:\(Self.basePassword)".utf8).base64EncodedString()
        #expect(algolia?.header("Authorization") == "Basic " + basic, "the base URL's password reached the server")
        #expect(search.first { $0.query("query") == "t" }?.header("Authorization") == "Bearer " + Self.tokenKey)
        #expect(search.first { $0.query("query") == "c" }?.query("apikey") == Self.configKey)
    }

    /// The lines of the dump's section `title` (`environment outer`), up to the next.
    static func section(_ title: String, of dump: String) -> [String] {
        let lines = dump.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "== " + title) else { return [] }
        let rest = lines[(start + 1)...]
        return Array(rest.prefix { !$0.hasPrefix("== ") })
    }

    @Test(
        "with no key exported apicli still replaces itself with the plugin, which gets no socket; config keys still reach the API",
        .needs("python3"))
    func noExportedKeyMeansExec() async throws {
        let (sandbox, fixtures, plugins, _) = try await Self.world()
        try plugins.add("pid", """
            #!/bin/sh
            echo "plugin=$$ socket=${APICLI_CREDENTIALS_SOCKET-none}"
            "$APICLI_BIN" api conf /api/v1/search -q query=c >/dev/null && echo "api 0"
            """)
        let environment = sandbox.environment(
            set: plugins.variables(["APICLI_CONF_BASE_URL": sandbox.server.baseURL.absoluteString]),
            unset: ["NYT_API_KEY", "OPENWEATHER_API_KEY"])
        let apicli = try ProcessRunner.apicliExecutable().path
        // `exec` keeps the process number: the shell's, apicli's and the plugin's are one when apicli replaced itself.
        let result = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "echo \"shell=$$\"; exec \"$0\" pid", apicli],
            environment: environment)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let shell = result.stdoutText.split(separator: "\n").first?.dropFirst("shell=".count) ?? ""
        #expect(result.stdoutText.contains("plugin=\(shell) socket=none\n"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("api 0\n"), "\(result.stdoutText) \(result.stderrText)")
        #expect(fixtures.requests.last?.query("apikey") == Self.configKey)
    }
}
