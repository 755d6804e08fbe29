import APICore
import APIStore
import Foundation
import Testing
@testable import Weather

/// The real OpenWeather bodies in `Tests/Fixtures/real/weather`, found from this
/// file's path so the tests run from any working directory.
enum WeatherFixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // WeatherTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures/real/weather")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(name))
    }

    static var allNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    static var forecastNames: [String] { allNames.filter { !$0.contains("-error-") } }
    static var errorNames: [String] { allNames.filter { $0.contains("-error-") } }

    /// Decodes a forecast fixture as `query` would, returning the warnings too.
    static func forecast(
        _ name: String, _ query: WeatherQuery = WeatherQuery(city: "Somewhere")
    ) throws -> (Forecast, [String]) {
        var warnings: [String] = []
        let forecast = try WeatherProvider().decode(try data(name), for: query, warnings: &warnings)
        return (forecast, warnings)
    }
}

/// Text snapshots in `Fixtures/Snapshots`; `RECORD_SNAPSHOTS=1 swift test` rewrites them.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Snapshots")

    static func assert(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try Data(text.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(text == expected, "snapshot \(name) differs", sourceLocation: sourceLocation)
    }
}

/// A store in a fresh temporary directory with the weather tables, removed afterwards.
struct TemporaryStore {
    let directory: URL
    let store: Store

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("weather-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try Store(path: directory.appendingPathComponent("apicli.sqlite3").path)
        try store.migrate(owner: "weather", WeatherProvider().migrations)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
