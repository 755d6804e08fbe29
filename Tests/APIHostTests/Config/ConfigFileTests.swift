import Foundation
import Testing
@testable import APIHost

@Suite struct ConfigFileTests {
    @Test func savesWithOwnerOnlyModeAndReadsBack() throws {
        let folder = NSTemporaryDirectory() + "apicli-config-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var file = ConfigFile(path: folder + "/apicli/config")
        file.set("weather.units", "imperial")
        file.set("nyt.api-key", "k")
        file.set("weather.units", "metric")
        try file.save()
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(!file.isReadableByOthers)
        let loaded = try ConfigFile.load(path: file.path)
        #expect(loaded["weather.units"] == "metric")
        #expect(loaded.entries.count == 2)
        chmod(file.path, 0o644)
        #expect(loaded.isReadableByOthers)
    }

    @Test func malformedLineIsAConfigurationError() throws {
        let path = NSTemporaryDirectory() + "apicli-config-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "# comment\nno equals sign here\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: CLIError.self) { try ConfigFile.load(path: path) }
    }
}
