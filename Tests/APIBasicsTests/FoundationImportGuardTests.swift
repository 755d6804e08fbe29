import Foundation
import Testing

/// Foundation proper links ICU and its 34 MB data table into the static binary; the
/// product builds on FoundationEssentials (with APIBasics for what it lacks). This
/// fails when a source linked into `apicli` imports Foundation proper on Linux, so
/// that code merged later cannot quietly bring ICU back.
@Suite struct FoundationImportGuardTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The lines of `text` that import Foundation proper (or FoundationNetworking, which
    /// needs it) where Linux would compile them. Allowed: a file that begins with
    /// `#if !os(Linux)` (the URLSession transport), and the `#else` branch of
    /// `#if canImport(FoundationEssentials) / import FoundationEssentials / #else`.
    static func foundationImports(in text: String) -> [Int] {
        let lines = text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        if lines.first == "#if !os(Linux)" { return [] }
        let importLine = try! Regex(#"^(@\w+\s+)*import\s+((struct|class|enum|protocol|typealias|func|var|let)\s+)?Foundation(Networking|XML)?(\.|\s|$)"#)
        var found: [Int] = []
        for (index, line) in lines.enumerated() where line.firstMatch(of: importLine) != nil {
            let guarded = index >= 3 && lines[index - 1] == "#else" && lines[index - 2] == "import FoundationEssentials"
                && lines[index - 3] == "#if canImport(FoundationEssentials)" && line == "import Foundation"
            if !guarded { found.append(index + 1) }
        }
        return found
    }

    @Test func noProductSourceImportsFoundationProper() throws {
        var offenders: [String] = []
        var checked = 0
        for folder in ["Sources", "Plugins"] {
            let root = Self.packageRoot.appendingPathComponent(folder)
            let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            for case let url as URL in walker where url.pathExtension == "swift" {
                checked += 1
                let lines = Self.foundationImports(in: try String(contentsOf: url, encoding: .utf8))
                offenders += lines.map { "\(url.path.dropFirst(Self.packageRoot.path.count + 1)):\($0)" }
            }
        }
        #expect(checked > 100, "found only \(checked) sources under \(Self.packageRoot.path)")
        #expect(offenders.isEmpty, "import FoundationEssentials instead (see Scripts/use-foundation-essentials): \(offenders)")
    }

    @Test func theCheckSeesEveryFormOfTheImport() {
        #expect(Self.foundationImports(in: "import APICore\nimport Foundation\n") == [2])
        #expect(Self.foundationImports(in: "@preconcurrency import Foundation") == [1])
        #expect(Self.foundationImports(in: "import struct Foundation.Date") == [1])
        #expect(Self.foundationImports(in: "#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif") == [2])
        #expect(Self.foundationImports(in: "#if os(Linux)\nimport FoundationEssentials\n#else\nimport Foundation\n#endif") == [4])
        #expect(Self.foundationImports(in: "import FoundationEssentials\nimport FoundationNetworkingExtras") == [])
        #expect(Self.foundationImports(in: "#if canImport(FoundationEssentials)\nimport FoundationEssentials\n#else\nimport Foundation\n#endif") == [])
        #expect(Self.foundationImports(in: "#if !os(Linux)\nimport Foundation\nimport FoundationNetworking\n#endif") == [])
    }
}
