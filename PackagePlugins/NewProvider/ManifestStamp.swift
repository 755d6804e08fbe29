import Foundation

/// The one line of `Package.swift` the scaffold rewrites.
///
/// `Package.swift` finds providers by listing `Plugins/`, but SwiftPM caches
/// the evaluated manifest keyed by its text (touching the file is not enough),
/// so a new folder would stay invisible to the next `swift build`. Rewriting
/// the list of provider folders on this line changes the text, which makes
/// SwiftPM evaluate the manifest again, and keeps a readable record.
struct ManifestStamp {
    static let marker = "// provider-folders:"

    let manifest: URL

    init(packageRoot: URL) {
        manifest = packageRoot.appending(path: "Package.swift")
    }

    func update(adding module: String) throws {
        let text = try String(contentsOf: manifest, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.hasPrefix(Self.marker) }) else {
            throw ScaffoldError(
                "Package.swift has no '\(Self.marker)' line; add one (any folder names after it) and run again. "
                    + "The files are written: 'swift build --manifest-cache none' builds them meanwhile.")
        }
        let folders = Set([module] + Self.folders(near: manifest)).sorted()
        lines[index] = Self.marker + " " + folders.joined(separator: " ")
        try Data(lines.joined(separator: "\n").utf8).write(to: manifest, options: .atomic)
    }

    /// The folders under `Plugins/` now, so a folder added by hand is listed too.
    static func folders(near manifest: URL) -> [String] {
        let plugins = manifest.deletingLastPathComponent().appending(path: "Plugins")
        return ((try? FileManager.default.contentsOfDirectory(atPath: plugins.path)) ?? [])
            .filter { !$0.hasPrefix(".") }
    }
}
