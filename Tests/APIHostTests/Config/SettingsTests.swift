import Foundation
import Testing
@testable import APIHost

@Suite struct SettingsTests {
    let descriptor = ProviderDescriptor(
        name: "weather", displayName: "OpenWeather", summary: "s",
        arguments: [ArgumentSpec("city", help: "", variadic: true)],
        options: [.value("units", valueName: "U", help: "", choices: ["metric", "imperial"], default: "metric", configurable: true)],
        defaultBaseURL: URL(string: "https://api.example.org")!,
        credential: CredentialSpec(parameter: "appid", environmentVariable: "OWM_KEY", signupURL: "https://example.org"))

    func settings(_ variables: [String: String], _ entries: [String: String] = [:]) -> Settings {
        var file = ConfigFile(path: "/nonexistent")
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) { file.set(key, value) }
        return Settings(variables: variables, config: file)
    }

    @Test func precedenceIsFlagThenEnvironmentThenConfigThenDefault() throws {
        let parsed = CommandLineParser.Result(positionals: ["Paris"], values: [:])
        #expect(try settings([:]).resolve(parsed, for: descriptor).value("units") == "metric")
        #expect(try settings([:], ["weather.units": "imperial"]).resolve(parsed, for: descriptor).value("units") == "imperial")
        let both = settings(["APICLI_WEATHER_UNITS": "metric"], ["weather.units": "imperial"])
        #expect(try both.resolve(parsed, for: descriptor).value("units") == "metric")
        let flagged = CommandLineParser.Result(positionals: ["Paris"], values: ["units": "imperial"])
        #expect(try both.resolve(flagged, for: descriptor).value("units") == "imperial")
    }

    @Test func badConfiguredValueIsReported() {
        let parsed = CommandLineParser.Result(positionals: ["Paris"], values: [:])
        #expect(throws: UsageError.self) { try settings([:], ["weather.units": "kelvin"]).resolve(parsed, for: descriptor) }
    }

    @Test func keyFromEnvironmentBeatsConfig() {
        #expect(settings(["OWM_KEY": "env-key"], ["weather.api-key": "file-key"]).apiKey(for: descriptor) == "env-key")
        #expect(settings([:], ["weather.api-key": "file-key"]).apiKey(for: descriptor) == "file-key")
        #expect(settings([:]).apiKey(for: descriptor) == nil)
    }

    @Test func baseURLOverrideIsCheckedAndUsed() throws {
        #expect(try settings(["APICLI_WEATHER_BASE_URL": "http://127.0.0.1:8080/gw"]).baseURL(for: descriptor).absoluteString
            == "http://127.0.0.1:8080/gw")
        #expect(throws: CLIError.self) { try settings(["APICLI_WEATHER_BASE_URL": "ftp://x"]).baseURL(for: descriptor) }
    }

    @Test func missingArgumentIsAUsageError() {
        #expect(throws: UsageError.self) {
            try settings([:]).resolve(CommandLineParser.Result(), for: descriptor)
        }
    }

    @Test func pathsFollowXDG() {
        let paths = AppPaths(variables: ["HOME": "/h", "XDG_DATA_HOME": "/d"])
        #expect(paths.database == "/d/apicli/apicli.sqlite3")
        #expect(paths.configFile == "/h/.config/apicli/config")
        #expect(AppPaths(variables: ["HOME": "/h", "APICLI_DB": "/x.db"]).database == "/x.db")
        #expect(AppPaths(variables: ["APICLI_DB": "/x.db"], databaseFlag: "/flag.db").database == "/flag.db")
    }
}
