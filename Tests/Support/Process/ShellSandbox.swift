import Foundation

/// A folder of its own in which a test runs a real shell (bash, zsh, fish, sh) on text
/// that may hold commands: quoted user text, a completion script made from a hostile
/// provider file. The shell's working directory and `HOME` are the folder, so a command
/// that escapes its quoting (`$(touch pwned)`) lands there and nowhere else, and each run
/// checks afterwards that it did not run.
///
/// Hostile texts name the canary ``canary`` relatively (`touch pwned`): a run throws
/// ``CommandRan`` when that file exists in the folder, and also when one appeared at the
/// package root, where a shell started without a working directory of its own would run
/// (`swift test` runs there). Every test that hands hostile text to a shell goes through
/// here, so that none can leave a file in the repository.
///
/// ```swift
/// let shell = try ShellSandbox()
/// let result = try await shell.run("bash", ["-c", "printf '%s' " + ShellQuoting.singleQuoted(text)])
/// ```
public final class ShellSandbox: Sendable {
    /// The file a hostile text's command creates, relative to the working directory.
    public static let canary = "pwned"

    /// A command from the text ran: the canary exists at `path`.
    public struct CommandRan: Error, CustomStringConvertible {
        public var shell: String
        public var path: String
        public var description: String { "\(shell) ran a command from the text it was given: \(path) exists" }
    }

    public let directory: TemporaryDirectory

    public init() throws {
        directory = try TemporaryDirectory(prefix: "apicli-shell")
    }

    /// The folder: the shell's working directory and `HOME`.
    public var path: String { directory.path() }

    /// Writes `bytes` to `name` in the folder and returns its path (a script for the shell to read).
    @discardableResult
    public func write(_ bytes: Data, to name: String) throws -> String {
        let file = directory.path(name)
        try bytes.write(to: URL(fileURLWithPath: file))
        return file
    }

    @discardableResult
    public func write(_ text: String, to name: String) throws -> String { try write(Data(text.utf8), to: name) }

    /// Runs `shell` (a name found by ``RequiredTool``, or a path) with `arguments` in the folder, then
    /// throws ``CommandRan`` if the canary exists in the folder or at the package root.
    ///
    /// - Parameter environment: added to `PATH=/usr/bin:/bin`; `HOME` is always the folder.
    public func run(
        _ shell: String, _ arguments: [String] = [], environment: [String: String] = [:], stdin: Data = Data(),
        timeout: Duration = .seconds(20)
    ) async throws -> ProcessRunner.Result {
        let executable = shell.hasPrefix("/") ? shell : try RequiredTool.require(shell)
        var variables = ["PATH": "/usr/bin:/bin"].merging(environment) { _, given in given }
        variables["HOME"] = path
        let result = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: executable), arguments: arguments, environment: variables, stdin: stdin,
            currentDirectory: directory.url, timeout: timeout)
        for canary in [directory.path(Self.canary), Fixtures.packageRoot.appendingPathComponent(Self.canary).path]
        where FileManager.default.fileExists(atPath: canary) {
            throw CommandRan(shell: shell, path: canary)
        }
        return result
    }
}
