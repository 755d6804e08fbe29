import Foundation

/// Programs from outside the toolchain that some tests run (groff, zsh, fish,
/// script, curl, python3, sqlite3, setpriv).
///
/// On a developer's machine a test whose program is missing is skipped; under CI
/// (`CI` set, as `.ci/run` runs) it runs anyway and fails, naming the program, so
/// a missing install step can never turn into a silently skipped check.
public enum RequiredTool {
    /// Every program some test needs; `.ci/run` installs each.
    public static let all = ["bash", "zsh", "fish", "groff", "script", "curl", "python3", "sqlite3", "setpriv"]

    /// Whether this is a CI run.
    public static var isCI: Bool {
        let value = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !value.isEmpty && value.lowercased() != "false" && value != "0"
    }

    /// The program's path on `PATH` (or the usual folders), nil when it is not installed.
    public static func path(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin"]
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether a test that needs `name` runs: it is installed, or this is CI (where it must be).
    public static func runs(_ name: String) -> Bool {
        path(name) != nil || isCI
    }
}
