import Foundation

/// Programs from outside the toolchain that some tests run (zsh, fish, groff, script,
/// curl, python3, openssl, sqlite3, setpriv, strace, git), and the one rule for a test that
/// needs one: it says so with the ``NeedsTools`` trait (`.needs("zsh")`), and
///
/// - on a developer's machine without the program, the test is skipped, and the test
///   runner prints why (`Test "zsh -n accepts the zsh script" skipped: "zsh is not installed"`);
/// - under CI (`CI` set; `.ci/run` sets it) the test fails, naming the program, so that a
///   missing install step can never turn into a check that silently did not run.
///
/// Helpers that start one of these programs (``ShellSandbox``, ``SQLiteShell``, the
/// Python servers) find it with ``require(_:)``, so a test that reaches a program it did
/// not declare fails with the program's name rather than with whatever the missing
/// program's absence happens to cause.
///
/// `APICLI_TEST_HIDE_TOOLS=zsh,fish` makes the listed programs count as missing, so what a
/// machine without them sees can be watched on one that has them.
public enum RequiredTool {
    /// Every program some test needs; `.ci/run` installs each.
    public static let all = [
        "bash", "zsh", "fish", "groff", "script", "curl", "python3", "openssl", "sqlite3", "setpriv", "strace", "git",
        "psql",
    ]

    /// A program a test needs is not installed (or is hidden by `APICLI_TEST_HIDE_TOOLS`).
    public struct Missing: Error, CustomStringConvertible {
        public var names: [String]

        public init(names: [String]) {
            self.names = names
        }

        public var description: String {
            let list = names.joined(separator: ", ")
            let verb = names.count == 1 ? "is" : "are"
            return isCI
                ? "\(list) \(verb) not installed, and under CI every program a test needs must be: .ci/run installs it"
                : "\(list) \(verb) not installed"
        }
    }

    /// Whether this is a CI run.
    public static var isCI: Bool {
        let value = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !value.isEmpty && value.lowercased() != "false" && value != "0"
    }

    /// The programs `APICLI_TEST_HIDE_TOOLS` lists (separated by commas or spaces).
    static var hidden: Set<String> {
        let value = ProcessInfo.processInfo.environment["APICLI_TEST_HIDE_TOOLS"] ?? ""
        return Set(value.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init))
    }

    /// The program's path on `PATH` (or the usual folders), nil when it is not installed.
    public static func path(_ name: String) -> String? {
        guard !hidden.contains(name) else { return nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin"]
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Those of `names` that are not installed.
    public static func missing(_ names: [String]) -> [String] {
        names.filter { path($0) == nil }
    }

    /// The program's path; throws ``Missing`` when it is not installed.
    public static func require(_ name: String) throws -> String {
        guard let found = path(name) else { throw Missing(names: [name]) }
        return found
    }
}
