import Foundation

/// The package's files, found from this source file's path so that tests work
/// from any working directory and on a fresh clone.
public enum Fixtures {
    /// The package root: this file is `Tests/Support/Files/Fixtures.swift`.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures/real`: recorded API responses, never edited.
    public static var realRoot: URL { packageRoot.appendingPathComponent("Tests/Fixtures/real") }

    /// The bytes of a real response: `Fixtures.real("nyt/nyt-error-429-rate-limit-books.json")`.
    public static func real(_ relativePath: String) throws -> Data {
        try Data(contentsOf: realRoot.appendingPathComponent(relativePath))
    }

    /// The files of a folder of real responses (`"nyt"`, `"weather"`), sorted by name.
    public static func realFiles(in folder: String, withExtension ext: String = "json") throws -> [URL] {
        try files(in: realRoot.appendingPathComponent(folder), withExtension: ext)
    }

    /// The files of any folder, sorted by name; `ext` nil lists every regular file.
    public static func files(in folder: URL, withExtension ext: String? = nil) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { ext == nil || $0.pathExtension == ext }
            .filter { !$0.hasDirectoryPath }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
