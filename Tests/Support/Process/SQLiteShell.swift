import Foundation

/// The `sqlite3` shell, for tests that need a database written by another program
/// (or by an older apicli), not by apicli's own store. A test that uses it declares
/// `.needs("sqlite3")` (``NeedsTools``).
public enum SQLiteShell {
    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `script` on the database at `path`; throws unless the shell exits 0.
    public static func run(_ path: String, _ script: String) throws {
        let program = try RequiredTool.require("sqlite3")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: program)
        shell.arguments = [path, script]
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        shell.waitUntilExit()
        guard shell.terminationStatus == 0 else {
            throw Failed(description: "sqlite3 exited \(shell.terminationStatus) on: \(script)")
        }
    }
}
