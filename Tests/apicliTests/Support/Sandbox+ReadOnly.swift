import Foundation
import TestSupport

extension Sandbox {
    /// What ``runWithoutWriteAccess(_:)`` runs besides apicli, for the test's
    /// `.needs(Sandbox.withoutWriteAccessTools)`: `setpriv` as root, nothing otherwise.
    static var withoutWriteAccessTools: [String] { geteuid() == 0 ? ["setpriv"] : [] }

    /// Runs apicli as a user who may read the store but not write it or its folder.
    ///
    /// As root (CI), file modes do not stop writes, so apicli runs as `nobody`
    /// through `setpriv`, with the sandbox opened for reading by others; as any
    /// other user, the store and its folder are made read-only with `chmod`.
    func runWithoutWriteAccess(_ arguments: [String]) async throws -> ProcessRunner.Result {
        let folder = (databasePath as NSString).deletingLastPathComponent
        if geteuid() == 0 {
            for path in [home.path(), home.path("data"), folder] { _ = chmod(path, 0o755) }
            _ = chmod(databasePath, 0o644)
            let binary = try ProcessRunner.apicliExecutable().path
            return try await ProcessRunner.run(
                executable: URL(fileURLWithPath: try RequiredTool.require("setpriv")),
                arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments,
                environment: environment(), timeout: .seconds(30))
        }
        _ = chmod(databasePath, 0o444)
        _ = chmod(folder, 0o555)
        defer { _ = chmod(folder, 0o755) }
        return try await run(arguments)
    }
}
