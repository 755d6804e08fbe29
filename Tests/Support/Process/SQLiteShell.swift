import Foundation

/// The `sqlite3` shell, for tests that need a database written by another program
/// (or by an older apicli), not by apicli's own store.
public enum SQLiteShell {
    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `script` on the database at `path`; throws unless the shell exits 0.
    public static func run(_ path: String, _ script: String) throws {
        guard let program = RequiredTool.path("sqlite3") else {
            throw Failed(description: "sqlite3 is not installed")
        }
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
