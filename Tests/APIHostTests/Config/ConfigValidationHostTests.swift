import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// Settings are checked with the flag's own rules wherever they come from, and a
/// bad one names its source and stops the run before anything is sent; `config
/// get` and symlinked config files behave as a shell user expects. In-process on the
/// stub provider, whose options have a rule of the provider's own (`stub.lang`: letters
/// only) and closed choices (`stub.units`). (These were Weather's `ConfigValidationHostTests`,
/// on `weather.cnt` and `weather.units`: the binary's `ConfigValidationEndToEndTests`.)
@Suite("Config validation, in-process")
struct ConfigValidationHostTests {
    static let records = #"[{"id": "r1", "title": "First record"}, {"id": "r2", "title": "Second record"}]"#

    /// A host with the stub provider, its key set and its options declared.
    static func host() throws -> InProcessHost {
        let stub = StubProvider(keyVariable: "STUB_API_KEY", options: StubProvider.sampleOptions)
        return try InProcessHost(sources: [.compiled([stub])], variables: ["STUB_API_KEY": "stubKEY-config-5a6b7c"]) { _, _ in
            InProcessHost.json(Self.records)
        }
    }

    /// `$XDG_CONFIG_HOME/apicli/config` of the host.
    static func configPath(_ host: InProcessHost) -> String { host.directory.path("config/apicli/config") }

    @Test("config set stub.lang 99 is refused (64) with the flag's rule, and the file is not written")
    func setValidates() async throws {
        let host = try Self.host()
        for (value, message) in [
            ("99", "apicli: error: stub.lang takes a language code such as 'en', not '99'\n"),
            ("a-b", "apicli: error: stub.lang takes a language code such as 'en', not 'a-b'\n"),
            ("kelvin", "apicli: error: stub.units must be one of metric, imperial, standard, not 'kelvin'\n"),
        ] {
            let key = value == "kelvin" ? "stub.units" : "stub.lang"
            let result = await host.run(["config", "set", key, value])
            #expect(result.code == .usage && result.isOneErrorLine, "\(value): \(result.stderr)")
            // The wording is the behaviour: the flag's own rule and the value refused.
            #expect(result.stderr == message)
        }
        #expect(!FileManager.default.fileExists(atPath: Self.configPath(host)))
        let good = await host.run(["config", "set", "stub.lang", "fr"])
        #expect(good.code == .success, "\(good.stderr)")
        #expect(try String(contentsOfFile: Self.configPath(host), encoding: .utf8).contains("stub.lang = fr"))
    }

    @Test("a bad value already in the file names the key and the file (78); no request is sent")
    func badValueInFile() async throws {
        let host = try Self.host()
        let path = Self.configPath(host)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "stub.lang = 99\n".write(toFile: path, atomically: true, encoding: .utf8)
        _ = chmod(path, 0o600)
        let result = await host.run(["stub", "election"])
        #expect(result.code == .configuration && result.isOneErrorLine, "\(result.stderr)")
        #expect(result.stderr == "apicli: error: in the config file \(path): stub.lang takes a language code such as 'en', not '99'; run 'apicli config set stub.lang VALUE' or 'apicli config unset stub.lang'\n")
        #expect(!result.stderr.contains("--lang"))
        #expect(host.transport.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: host.storePath))
        // The flag given on the command line wins and is what gets checked.
        let flag = await host.run(["stub", "election", "--lang", "de"])
        #expect(flag.code == .success, "\(flag.stderr)")
        #expect(host.transport.requests.last?.queryValue("lang") == "de")
        // An environment variable is named as the source.
        let variable = await host.run(["stub", "election"], setting: ["APICLI_STUB_LANG": "0"])
        #expect(variable.code == .configuration)
        #expect(variable.stderr == "apicli: error: APICLI_STUB_LANG takes a language code such as 'en', not '0'\n")
        // Only the run with the flag reached the server.
        #expect(host.transport.requests.count == 1)
    }

    @Test("config get on an unset key prints nothing and exits 1, as git config does")
    func getUnset() async throws {
        let host = try Self.host()
        let result = await host.run(["config", "get", "stub.lang"])
        #expect(result.code == .empty)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: Self.configPath(host)))
    }

    @Test("a symlinked config file: the target's mode is checked, and set writes through the link")
    func symlinkedConfig() async throws {
        let host = try Self.host()
        let path = Self.configPath(host)
        let target = host.directory.path("dotfiles-apicli-config")
        try "stub.lang = fr\n".write(toFile: target, atomically: true, encoding: .utf8)
        #expect(chmod(target, 0o600) == 0)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)

        let run = await host.run(["stub", "election"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.warnings.isEmpty, "\(run.stderr)")
        #expect(host.transport.requests.last?.queryValue("lang") == "fr", "the linked file was read")

        let set = await host.run(["config", "set", "stub.units", "imperial"])
        #expect(set.code == .success, "\(set.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == target)
        let contents = try String(contentsOfFile: target, encoding: .utf8)
        #expect(contents.contains("stub.units = imperial") && contents.contains("stub.lang = fr"))
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)

        #expect(chmod(target, 0o644) == 0)
        let open = await host.run(["stub", "election"])
        #expect(open.warnings.contains { $0.contains("is readable by others; run 'chmod 600 \(target)'") }, "\(open.stderr)")
    }

    @Test("every numeric APICLI_ variable is checked alike (78), with the true range", arguments: [
        ("APICLI_MAX_BODY_MB", "-1", "a whole number of MiB from 1 to 4096"),
        ("APICLI_MAX_BODY_MB", "0", "a whole number of MiB from 1 to 4096"),
        ("APICLI_MAX_BODY_MB", "abc", "a whole number of MiB from 1 to 4096"),
        ("APICLI_MAX_BODY_MB", "5000", "a whole number of MiB from 1 to 4096"),
        ("APICLI_TIMEOUT", "0", "a number of seconds above 0 and at most 3600 (e.g. 30 or 2.5)"),
        ("APICLI_TIMEOUT", "abc", "a number of seconds above 0 and at most 3600 (e.g. 30 or 2.5)"),
        ("APICLI_TIMEOUT", "nan", "a number of seconds above 0 and at most 3600 (e.g. 30 or 2.5)"),
    ])
    func environmentNumbers(variable: String, value: String, rule: String) async throws {
        let host = try Self.host()
        let result = await host.run(["stub", "election"], setting: [variable: value])
        #expect(result.code == .configuration && result.isOneErrorLine, "\(result.stderr)")
        // The wording is the behaviour: the variable, its true range and the value refused.
        #expect(result.stderr == "apicli: error: \(variable) must be \(rule), not '\(value)'\n")
        #expect(host.transport.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: host.storePath))
        // 30 is good for both (MiB and seconds), and a deadline a busy test runner cannot miss.
        let good = await host.run(["stub", "election"], setting: [variable: "30"])
        #expect(good.code == .success, "\(good.stderr)")
    }

    @Test("an empty, malformed, query- or fragment-bearing base URL is 78 before anything is sent; nothing stored changes")
    func badBaseURL() async throws {
        let host = try Self.host()
        #expect(await host.run(["stub", "election"]).code == .success)
        let stored = try host.storeBytes(withSharedMemory: false)
        let sent = host.transport.requests.count
        // The stub transport answers any base URL; these are what a user could set.
        let base = "http://127.0.0.1:8080"
        let empty = "apicli: error: APICLI_STUB_BASE_URL is set but empty; unset it to use https://stub.invalid, or give an http(s) URL\n"
        let queryOrFragment = "must not have a query or a fragment ('?' or '#'), since the API's path is appended to it"
        let cases: [(String, String)] = [
            ("", empty),
            ("   ", empty),
            ("not a url", "apicli: error: APICLI_STUB_BASE_URL must be an http(s) URL, not 'not a url'\n"),
            ("http://", "apicli: error: APICLI_STUB_BASE_URL must be an http(s) URL, not 'http://'\n"),
            (base + "#x", "apicli: error: APICLI_STUB_BASE_URL \(queryOrFragment): '\(base)#x'\n"),
            (base + "?a=b", "apicli: error: APICLI_STUB_BASE_URL \(queryOrFragment): '\(base)?a=b'\n"),
        ]
        for (value, message) in cases {
            let result = await host.run(["stub", "election", "--refresh"], setting: ["APICLI_STUB_BASE_URL": value])
            #expect(result.code == .configuration, "'\(value)': \(result.stderr)")
            #expect(result.stderr == message, "'\(value)'")
            #expect(result.stdout.isEmpty, "'\(value)': stale results were shown")
        }
        #expect(host.transport.requests.count == sent)
        #expect(try host.storeBytes(withSharedMemory: false) == stored)
    }

    @Test("a missing APICLI_CA_FILE is 78, not a network failure with stale results; nothing is sent")
    func missingCAFile() async throws {
        let host = try Self.host()
        #expect(await host.run(["stub", "election"]).code == .success)
        let stored = try host.storeBytes(withSharedMemory: false)
        let sent = host.transport.requests.count
        let missing = host.directory.path("no-such-ca.pem")
        for file in [missing, host.directory.path()] {
            let result = await host.run(["stub", "election", "--refresh"], setting: ["APICLI_CA_FILE": file])
            #expect(result.code == .configuration && result.isOneErrorLine, "\(result.stderr)")
            #expect(result.stderr.contains("APICLI_CA_FILE names \(file), which is not a readable file"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(host.transport.requests.count == sent)
        // --offline sends nothing, so the variable does not matter there.
        let offline = await host.run(["stub", "election", "--offline"], setting: ["APICLI_CA_FILE": missing])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(try host.storeBytes(withSharedMemory: false) == stored)
    }
}
