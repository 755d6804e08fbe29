import Foundation
import TestSupport

/// The Python interpreter that can import the modules a test drives (the MCP SDK, DuckDB), by
/// its real path: a `python3` on `PATH` may be a version manager's shim, which needs the
/// runner's environment.
enum PythonInterpreter {
    /// The path of the `python3` whose `import modules` succeeds; nil when none can.
    static func importing(_ modules: String) -> String? {
        guard let python = RequiredTool.path("python3") else { return nil }
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import sys, \(modules); print(sys.executable)"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !path.isEmpty ? path : nil
    }
}
