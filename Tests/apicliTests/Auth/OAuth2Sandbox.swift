import Foundation
import TestSupport

/// A sandbox whose loopback server is ``OAuth2TestServer``, with the provider `demo`
/// imported from its document and the client's id and secret in the environment.
struct OAuth2Sandbox {
    let auth: OAuth2TestServer
    let sandbox: Sandbox

    static let client = ["DEMO_CLIENT_ID": OAuth2TestServer.clientID, "DEMO_CLIENT_SECRET": OAuth2TestServer.clientSecret]

    init(script: OAuth2TestServer.Script = .init(), flows: [String]? = nil) async throws {
        auth = try OAuth2TestServer(script: script)
        sandbox = try Sandbox(server: auth.server, extra: Self.client)
        let document = sandbox.home.path("demo.json")
        try Data((flows.map { auth.document(flows: $0) } ?? auth.document()).utf8).write(to: URL(fileURLWithPath: document))
        let added = try await sandbox.run(["provider", "add", "demo", "--openapi", document])
        guard added.exitCode == 0 else { throw SandboxSetupError(message: added.stderrText) }
        // A test client in place of a browser: it follows the sign-in page's redirect to apicli's loopback listener.
        let browser = sandbox.home.path("browser.sh")
        try Data("#!/bin/sh\nexec /usr/bin/curl -sS -L -o /dev/null \"$1\"\n".utf8).write(to: URL(fileURLWithPath: browser))
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: browser)
    }

    var browser: [String: String] { ["APICLI_BROWSER": sandbox.home.path("browser.sh")] }

    /// `$XDG_CONFIG_HOME/apicli/tokens/demo.json`.
    var tokenPath: String { sandbox.home.path("config/apicli/tokens/demo.json") }

    func run(_ arguments: [String], set: [String: String] = [:]) async throws -> ProcessRunner.Result {
        try await sandbox.run(arguments, set: set)
    }
}

struct SandboxSetupError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
