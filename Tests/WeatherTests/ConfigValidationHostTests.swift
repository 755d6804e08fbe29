import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import Weather

/// Settings are checked with the flag's own rules wherever they come from, and a
/// bad one names its source and stops the run before anything is sent; `config
/// get` and symlinked config files behave as a shell user expects. In-process on
/// Weather, which has the settings to check (`weather.cnt`, `weather.units`).
/// (These were the binary's `ConfigValidationEndToEndTests`.)
@Suite("Config validation, in-process")
struct ConfigValidationHostTests {
    /// `$XDG_CONFIG_HOME/apicli/config` of the host.
    static func configPath(_ weather: WeatherHost) -> String { weather.host.directory.path("config/apicli/config") }

    @Test("config set weather.cnt 99 is refused (64) with the flag's rule, and the file is not written")
    func setValidates() async throws {
        let weather = try WeatherHost()
        for (value, message) in [
            ("99", "apicli: error: weather.cnt must be a whole number from 1 to 40, not '99'\n"),
            ("abc", "apicli: error: weather.cnt must be a whole number from 1 to 40, not 'abc'\n"),
            ("kelvin", nil),
        ] {
            let key = value == "kelvin" ? "weather.units" : "weather.cnt"
            let result = await weather.run(["config", "set", key, value])
            #expect(result.code == .usage && result.isOneErrorLine, "\(value): \(result.stderr)")
            // The wording is the behaviour: the flag's own rule and the value refused.
            if let message { #expect(result.stderr == message) }
        }
        #expect(!FileManager.default.fileExists(atPath: Self.configPath(weather)))
        let good = await weather.run(["config", "set", "weather.cnt", "8"])
        #expect(good.code == .success, "\(good.stderr)")
        #expect(try String(contentsOfFile: Self.configPath(weather), encoding: .utf8).contains("weather.cnt = 8"))
    }

    @Test("a bad value already in the file names the key and the file (78); no request is sent")
    func badValueInFile() async throws {
        let weather = try WeatherHost()
        let path = Self.configPath(weather)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "weather.cnt = 99\n".write(toFile: path, atomically: true, encoding: .utf8)
        _ = chmod(path, 0o600)
        let result = await weather.run(["weather", "Rostov"])
        #expect(result.code == .configuration && result.isOneErrorLine, "\(result.stderr)")
        #expect(result.stderr == "apicli: error: in the config file \(path): weather.cnt must be a whole number from 1 to 40, not '99'; run 'apicli config set weather.cnt VALUE' or 'apicli config unset weather.cnt'\n")
        #expect(!result.stderr.contains("--cnt"))
        #expect(weather.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: weather.host.storePath))
        // The flag given on the command line wins and is what gets checked.
        let flag = await weather.run(["weather", "Rostov", "--cnt", "3"])
        #expect(flag.code == .success, "\(flag.stderr)")
        #expect(weather.requests.last?.queryValue("cnt") == "3")
        // An environment variable is named as the source.
        let variable = await weather.run(["weather", "Rostov"], setting: ["APICLI_WEATHER_CNT": "0"])
        #expect(variable.code == .configuration)
        #expect(variable.stderr == "apicli: error: APICLI_WEATHER_CNT must be a whole number from 1 to 40, not '0'\n")
        // Only the run with the flag reached the server: its place lookup and its forecast.
        #expect(weather.forecasts.count == 1 && weather.lookups.count == 1)
    }

    @Test("config get on an unset key prints nothing and exits 1, as git config does")
    func getUnset() async throws {
        let weather = try WeatherHost()
        let result = await weather.run(["config", "get", "weather.lang"])
        #expect(result.code == .empty)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: Self.configPath(weather)))
    }

    @Test("a symlinked config file: the target's mode is checked, and set writes through the link")
    func symlinkedConfig() async throws {
        let weather = try WeatherHost()
        let path = Self.configPath(weather)
        let target = weather.host.directory.path("dotfiles-apicli-config")
        try "weather.lang = fr\n".write(toFile: target, atomically: true, encoding: .utf8)
        #expect(chmod(target, 0o600) == 0)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)

        let run = await weather.run(["weather", "Rostov"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.warnings.isEmpty, "\(run.stderr)")

        let set = await weather.run(["config", "set", "weather.units", "imperial"])
        #expect(set.code == .success, "\(set.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == target)
        let contents = try String(contentsOfFile: target, encoding: .utf8)
        #expect(contents.contains("weather.units = imperial") && contents.contains("weather.lang = fr"))
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)

        #expect(chmod(target, 0o644) == 0)
        let open = await weather.run(["weather", "Rostov"])
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
        let weather = try WeatherHost()
        let result = await weather.run(["weather", "Rostov"], setting: [variable: value])
        #expect(result.code == .configuration && result.isOneErrorLine, "\(result.stderr)")
        // The wording is the behaviour: the variable, its true range and the value refused.
        #expect(result.stderr == "apicli: error: \(variable) must be \(rule), not '\(value)'\n")
        #expect(weather.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: weather.host.storePath))
        // 30 is good for both (MiB and seconds), and a deadline a busy test runner cannot miss.
        let good = await weather.run(["weather", "Rostov"], setting: [variable: "30"])
        #expect(good.code == .success, "\(good.stderr)")
    }

    @Test("an empty, malformed, query- or fragment-bearing base URL is 78 before anything is sent; nothing stored changes")
    func badBaseURL() async throws {
        let weather = try WeatherHost()
        #expect(await weather.run(["weather", "Rostov"]).code == .success)
        let stored = try weather.host.storeBytes(withSharedMemory: false)
        let sent = weather.requests.count
        // The stub transport answers any base URL; these are what a user could set.
        let base = "http://127.0.0.1:8080"
        let empty = "apicli: error: APICLI_WEATHER_BASE_URL is set but empty; unset it to use https://api.openweathermap.org, or give an http(s) URL\n"
        let queryOrFragment = "must not have a query or a fragment ('?' or '#'), since the API's path is appended to it"
        let cases: [(String, String)] = [
            ("", empty),
            ("   ", empty),
            ("not a url", "apicli: error: APICLI_WEATHER_BASE_URL must be an http(s) URL, not 'not a url'\n"),
            ("http://", "apicli: error: APICLI_WEATHER_BASE_URL must be an http(s) URL, not 'http://'\n"),
            (base + "#x", "apicli: error: APICLI_WEATHER_BASE_URL \(queryOrFragment): '\(base)#x'\n"),
            (base + "?a=b", "apicli: error: APICLI_WEATHER_BASE_URL \(queryOrFragment): '\(base)?a=b'\n"),
        ]
        for (value, message) in cases {
            let result = await weather.run(["weather", "London", "--refresh"], setting: ["APICLI_WEATHER_BASE_URL": value])
            #expect(result.code == .configuration, "'\(value)': \(result.stderr)")
            #expect(result.stderr == message, "'\(value)'")
            #expect(result.stdout.isEmpty, "'\(value)': stale results were shown")
        }
        #expect(weather.requests.count == sent)
        #expect(try weather.host.storeBytes(withSharedMemory: false) == stored)
    }

    @Test("a missing APICLI_CA_FILE is 78, not a network failure with stale results; nothing is sent")
    func missingCAFile() async throws {
        let weather = try WeatherHost()
        #expect(await weather.run(["weather", "Rostov"]).code == .success)
        let stored = try weather.host.storeBytes(withSharedMemory: false)
        let sent = weather.requests.count
        let missing = weather.host.directory.path("no-such-ca.pem")
        for file in [missing, weather.host.directory.path()] {
            let result = await weather.run(["weather", "Rostov", "--refresh"], setting: ["APICLI_CA_FILE": file])
            #expect(result.code == .configuration && result.isOneErrorLine, "\(result.stderr)")
            #expect(result.stderr.contains("APICLI_CA_FILE names \(file), which is not a readable file"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(weather.requests.count == sent)
        // --offline sends nothing, so the variable does not matter there.
        let offline = await weather.run(["weather", "Rostov", "--offline"], setting: ["APICLI_CA_FILE": missing])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(try weather.host.storeBytes(withSharedMemory: false) == stored)
    }
}
