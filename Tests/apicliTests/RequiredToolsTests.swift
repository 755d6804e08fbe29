import Foundation
import Testing
import TestSupport

/// Every program a test runs is declared, listed and installed by CI: a test that would
/// skip on a developer's machine fails under CI instead (``NeedsTools``), and these
/// checks keep the list that `.ci/run` installs from falling behind the tests.
@Suite("Programs the tests need")
struct RequiredToolsTests {
    @Test("CI has every program the tests run", .enabled(if: RequiredTool.isCI, "only under CI"))
    func installedInCI() {
        for name in RequiredTool.all {
            #expect(RequiredTool.path(name) != nil, "\(name) is not installed: .ci/run must install it")
        }
    }

    /// Every name in a `.needs(…)` trait or a `RequiredTool.require("…")` call in the tests.
    static func declaredNames() throws -> Set<String> {
        let tests = Fixtures.packageRoot.appendingPathComponent("Tests")
        let needs = try Regex(#"\.needs\(([^)]*)\)"#)
        let require = try Regex(#"RequiredTool\.require\("([^"]+)"\)"#)
        let literal = try Regex(#""([^"]+)""#)
        var names: Set<String> = []
        let walker = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift", url.lastPathComponent != "RequiredToolsTests.swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: needs) {
                guard let list = match.output[1].substring else { continue }
                names.formUnion(list.matches(of: literal).compactMap { $0.output[1].substring.map(String.init) })
            }
            names.formUnion(text.matches(of: require).compactMap { $0.output[1].substring.map(String.init) })
        }
        return names
    }

    @Test("every program a test declares is in RequiredTool.all, and the declarations are found")
    func declaredProgramsAreListed() throws {
        let declared = try Self.declaredNames()
        // The reading of the sources works: these are declared today.
        for name in ["zsh", "fish", "sqlite3", "python3", "strace"] {
            #expect(declared.contains(name), "no test declares \(name): is the pattern still right?")
        }
        #expect(declared.subtracting(RequiredTool.all).isEmpty, "\(declared.subtracting(RequiredTool.all).sorted())")
    }

    @Test(".ci/run installs every program in RequiredTool.all (bash runs it)")
    func ciInstallsEveryProgram() throws {
        let run = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        for name in RequiredTool.all where name != "bash" {
            #expect(run.contains("command -v \(name) "), ".ci/run does not check for \(name)")
        }
    }
}
