import Foundation
import RegexBuilder
import Testing
@testable import APIHost

/// The wall between the provider kit and the host, checked on the sources:
/// no provider and nothing in the kit imports the host or names its types.
/// (`.ci/run` also builds with `--explicit-target-dependency-import-check error`,
/// which makes SwiftPM refuse an undeclared import outright.)
@Suite("The kit/host wall")
struct KitWallTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Host types a provider might be tempted to reach for.
    static let hostTypes = [
        "OutputRenderer", "TableRenderer", "TerminalViewRenderer", "CSVWriter", "ExitCode", "CLIError",
        "QueryRunner", "ProviderCommand", "HostEnvironment", "FailureWording", "StatusReading", "OutputFormat",
        "BuiltinCommandHandler", "ProviderRegistry", "Sparkline", "GlobalOptions", "HostSchema", "AppPaths",
    ]

    static func swiftFiles(under folder: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    @Test("no file under Plugins/ or Sources/APICore imports the host or names a host type")
    func noHostTypes() throws {
        let files = Self.swiftFiles(under: "Plugins") + Self.swiftFiles(under: "Sources/APICore")
        #expect(files.count > 40, "the sources were not found from \(Self.root.path)")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("import APIHost"), "\(file.lastPathComponent) imports the host")
            for type in Self.hostTypes where text.contains(Regex { Anchor.wordBoundary; type; Anchor.wordBoundary }) {
                Issue.record("\(file.path) names the host type \(type)")
            }
        }
    }

    @Test("the check can fail: it finds the host types in the host's own sources")
    func checkFindsHostTypes() throws {
        let host = try Self.swiftFiles(under: "Sources/APIHost").map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        for type in Self.hostTypes { #expect(host.contains(type), "\(type) is not a host type any more") }
    }
}
