@testable import APIHost
import Testing

/// The credentials an apicli run by a plugin receives: the wire format, and the
/// server and its client in one process (which runs the same file as itself, so it
/// is answered). That any other program is answered nothing needs another process:
/// `PluginCredentialsEndToEndTests`.
@Suite("Credentials handed to a plugin's apicli")
struct HandedCredentialsTests {
    @Test("NAME=value entries, NUL-ended, read back whole: a value may hold '=' and anything but NUL")
    func wireFormat() {
        let credentials = ["NYT_API_KEY": "a=b==", "WIKI_API_KEY": "é ü\n\t", "APICLI_WIKI_BASE_URL": "https://u:p@x"]
        let bytes = HandedCredentials.encode(credentials)
        #expect(bytes.filter { $0 == 0 }.count == 3 && bytes.last == 0)
        #expect(HandedCredentials.decode(bytes) == credentials)
        // Without `=`, or with nothing before it, an entry is no variable.
        #expect(HandedCredentials.decode(Array("no-equals\0=nameless\0OK=1\0".utf8)) == ["OK": "1"])
    }

    #if os(Linux)
    @Test("an apicli with the socket's name receives what its own variables do not set, or set empty; nothing else changes")
    func receivedFromServer() throws {
        let handed = ["NYT_API_KEY": "nytKEY-handed", "OPENWEATHER_API_KEY": "owmKEY-handed", "WIKI_API_KEY": "wikiKEY-handed"]
        let server = try #require(CredentialServer.start(handing: handed))
        defer { server.stop() }
        #expect(server.serve())
        let own = [
            HandedCredentials.socketVariable: server.name, "NYT_API_KEY": "nytKEY-own", "OPENWEATHER_API_KEY": "", "HOME": "/h",
        ]
        let merged = HandedCredentials.adding(to: own)
        #expect(merged["NYT_API_KEY"] == "nytKEY-own", "a key the plugin set itself wins")
        #expect(merged["OPENWEATHER_API_KEY"] == "owmKEY-handed", "an empty one is unset")
        #expect(merged["WIKI_API_KEY"] == "wikiKEY-handed")
        #expect(merged["HOME"] == "/h" && merged.count == own.count + 1)
        // Asked many times, it answers every time.
        let asked = [HandedCredentials.socketVariable: server.name]
        for _ in 0..<20 {
            #expect(HandedCredentials.adding(to: asked) == handed.merging(asked) { $1 })
        }
    }

    @Test("without the variable, or when the socket is gone, the variables are unchanged")
    func nothingToAsk() throws {
        #expect(HandedCredentials.adding(to: ["HOME": "/h"]) == ["HOME": "/h"])
        let server = try #require(CredentialServer.start(handing: ["NYT_API_KEY": "nytKEY-gone"]))
        server.stop()
        let variables = [HandedCredentials.socketVariable: server.name]
        #expect(HandedCredentials.adding(to: variables) == variables)
        #expect(CredentialServer.start(handing: [:]) == nil, "nothing to hand, nothing served")
    }
    #endif
}
