import Foundation
import TestSupport

/// A folder of `apicli-NAME` executables for one test, put first on the sandbox's `PATH`.
struct PluginFolder {
    let directory: URL

    init(in sandbox: Sandbox, named name: String = "plugins") throws {
        directory = try sandbox.home.makeDirectory(name)
        // TemporaryDirectory's folders are the user's own; make sure none is group- or world-writable.
        chmod(directory.path, 0o755)
    }

    var path: String { directory.path }

    /// Writes `apicli-<name>` with `script` as its text and `mode`.
    @discardableResult
    func add(_ name: String, _ script: String, mode: mode_t = 0o755) throws -> String {
        let file = directory.appendingPathComponent("apicli-" + name).path
        try Data(script.utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, mode)
        return file
    }

    /// The sandbox's variables with this folder first on `PATH`.
    func variables(_ extra: [String: String] = [:]) -> [String: String] {
        ["PATH": path + ":/usr/bin:/bin"].merging(extra) { _, new in new }
    }
}
