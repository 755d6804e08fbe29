import Foundation
import Testing
import TestSupport

/// Settings are checked with the flag's own rules wherever they come from, and a
/// bad one names its source; `config get` and symlinked config files behave as a
/// shell user expects.
@Suite("Config validation, end to end")
struct ConfigValidationEndToEndTests {
    @Test("config set weather.cnt 99 is refused (64) with the flag's rule, and the file is not written")
    func setValidates() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        for (value, message) in [
            ("99", "apicli: error: weather.cnt must be a whole number from 1 to 40, not '99'\n"),
            ("abc", "apicli: error: weather.cnt must be a whole number from 1 to 40, not 'abc'\n"),
            ("kelvin", nil),
        ] {
            let key = value == "kelvin" ? "weather.units" : "weather.cnt"
            let result = try await sandbox.run(["config", "set", key, value])
            #expect(result.exitCode == 64, "\(value): \(result.stderrText)")
            if let message { #expect(result.stderrText == message) }
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.configPath))
        let good = try await sandbox.run(["config", "set", "weather.cnt", "8"])
        #expect(good.exitCode == 0, "\(good.stderrText)")
        #expect(try String(contentsOfFile: sandbox.configPath, encoding: .utf8).contains("weather.cnt = 8"))
    }

    @Test("a bad value already in the file names the key and the file (78); no request is sent")
    func badValueInFile() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        try FileManager.default.createDirectory(
            atPath: (sandbox.configPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "weather.cnt = 99\n".write(toFile: sandbox.configPath, atomically: true, encoding: .utf8)
        _ = chmod(sandbox.configPath, 0o600)
        let result = try await sandbox.run(["weather", "Rostov"])
        #expect(result.exitCode == 78, "\(result.stderrText)")
        #expect(result.stderrText == "apicli: error: in the config file \(sandbox.configPath): weather.cnt must be a whole number from 1 to 40, not '99'; run 'apicli config set weather.cnt VALUE' or 'apicli config unset weather.cnt'\n")
        #expect(!result.stderrText.contains("--cnt"))
        #expect(fixtures.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath))
        // The flag given on the command line wins and is what gets checked.
        let flag = try await sandbox.run(["weather", "Rostov", "--cnt", "3"])
        #expect(flag.exitCode == 0, "\(flag.stderrText)")
        #expect(fixtures.requests.last?.query("cnt") == "3")
        // An environment variable is named as the source.
        let variable = try await sandbox.run(["weather", "Rostov"], set: ["APICLI_WEATHER_CNT": "0"])
        #expect(variable.exitCode == 78)
        #expect(variable.stderrText == "apicli: error: APICLI_WEATHER_CNT must be a whole number from 1 to 40, not '0'\n")
        // Only the run with the flag reached the server: its place lookup and its forecast.
        #expect(fixtures.forecasts.count == 1 && fixtures.lookups.count == 1)
    }

    @Test("config get on an unset key prints nothing and exits 1, as git config does")
    func getUnset() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let result = try await sandbox.run(["config", "get", "weather.lang"])
        #expect(result.exitCode == 1)
        #expect(result.stdoutText.isEmpty)
        #expect(result.stderrText.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: sandbox.configPath))
    }

    @Test("a symlinked config file: the target's mode is checked, and set writes through the link")
    func symlinkedConfig() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let target = sandbox.home.path("dotfiles-apicli-config")
        try "weather.lang = fr\n".write(toFile: target, atomically: true, encoding: .utf8)
        #expect(chmod(target, 0o600) == 0)
        let folder = (sandbox.configPath as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sandbox.configPath, withDestinationPath: target)

        let run = try await sandbox.run(["weather", "Rostov"])
        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(!run.stderrText.contains("readable by others"), "\(run.stderrText)")

        let set = try await sandbox.run(["config", "set", "weather.units", "imperial"])
        #expect(set.exitCode == 0, "\(set.stderrText)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.configPath) == target)
        let contents = try String(contentsOfFile: target, encoding: .utf8)
        #expect(contents.contains("weather.units = imperial") && contents.contains("weather.lang = fr"))
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)

        #expect(chmod(target, 0o644) == 0)
        let open = try await sandbox.run(["weather", "Rostov"])
        #expect(open.stderrText.contains("is readable by others; run 'chmod 600 \(target)'"), "\(open.stderrText)")
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
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let result = try await sandbox.run(["weather", "Rostov"], set: [variable: value])
        #expect(result.exitCode == 78, "\(result.stderrText)")
        #expect(result.stderrText == "apicli: error: \(variable) must be \(rule), not '\(value)'\n")
        #expect(fixtures.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath))
        let good = try await sandbox.run(["weather", "Rostov"], set: [variable: "2"])
        #expect(good.exitCode == 0, "\(good.stderrText)")
    }
}
