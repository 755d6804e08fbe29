import Foundation

/// A throwaway certificate authority and a server certificate for 127.0.0.1, made by
/// `Scripts/make-test-ca` in a folder of the caller's: the one way the loopback servers
/// that speak TLS get theirs.
enum TestAuthority {
    /// Makes `folder` hold `ca.pem`, `server.pem` and `server.key`; the error is the script's stderr.
    static func make(in folder: String) throws -> Result<Void, TestAuthorityError> {
        _ = try RequiredTool.require("openssl")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        child.arguments = ["bash", Fixtures.packageRoot.path + "/Scripts/make-test-ca", folder]
        let errors = Pipe()
        child.standardError = errors
        child.standardOutput = FileHandle.nullDevice
        try child.run()
        let text = errors.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        return child.terminationStatus == 0 ? .success(()) : .failure(TestAuthorityError(text: String(decoding: text, as: UTF8.self)))
    }
}

/// What `Scripts/make-test-ca` wrote on stderr when it failed.
struct TestAuthorityError: Error {
    var text: String
}
