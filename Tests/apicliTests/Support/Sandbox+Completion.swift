import Foundation
import TestSupport

extension Sandbox {
    /// The environment a shell completes in, for the completion scripts that ask apicli what
    /// follows a provider file: this sandbox's variables (its providers folder), and `PATH`
    /// starting with a folder where `apicli` is the binary under test.
    func completionEnvironment() throws -> [String: String] {
        let bin = home.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let link = bin + "/apicli"
        if !FileManager.default.fileExists(atPath: link) {
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: try ProcessRunner.apicliExecutable().path)
        }
        return environment(set: ["PATH": bin + ":/usr/bin:/bin"])
    }
}
