import Foundation

/// The provider list in `Package.swift`, which the scaffold adds one line to.
///
///     let providers: [(command: String, target: String, tests: TestFolder)] = [
///         ("nyt", "NYT", .sources),
///         ("demo-api", "DemoApi", .sourcesAndFixtures),   // ← added
///     ]
///
/// The line says the provider's tests have a `Fixtures/` folder, as the scaffold writes them.
///
/// Editing the manifest's text is also what makes SwiftPM evaluate it again
/// (it caches the evaluated manifest by its text), so the next `swift build`
/// sees the new target with no cache flag.
struct ProviderList {
    static let opening = "let providers: [(command: String, target: String, tests: TestFolder)] = ["

    let manifest: URL

    init(packageRoot: URL) {
        manifest = packageRoot.appending(path: "Package.swift")
    }

    /// Adds `(command, target)` as the list's last line.
    func add(command: String, target: String) throws {
        let text = try String(contentsOf: manifest, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(Self.opening) }),
            let end = lines[start...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "]" })
        else {
            throw ScaffoldError(
                "Package.swift has no '\(Self.opening)' list; add the line (\"\(command)\", \"\(target)\", .sourcesAndFixtures), to the "
                    + "providers the package builds. The files are written.")
        }
        lines.insert("    (\(literal(command)), \(literal(target)), .sourcesAndFixtures),", at: end)
        try Data(lines.joined(separator: "\n").utf8).write(to: manifest, options: .atomic)
    }
}
