import Foundation
import Testing
import TestSupport

/// Text a server sends is cleaned before it reaches a terminal, kept exact in
/// JSON, and stored as sent.
@Suite("Hostile server text, end to end")
struct HostileTextEndToEndTests {
    /// As it appears inside a JSON string: OSC 52 (clipboard write), CSI (clear
    /// screen), OSC 8 (a link), BEL, backspace, CR, a bidi override and a tab.
    static let hostileJSON =
        #"Evil\u001b]52;c;cm0gLXJmIH4=\u0007 \u001b[2J\u001b]8;;http://x.test\u0007link\u001b]8;;\u0007\b\r\u202Egnp.exe\u2066 x\tend"#
    /// The same text decoded.
    static let hostile =
        "Evil\u{1B}]52;c;cm0gLXJmIH4=\u{07} \u{1B}[2J\u{1B}]8;;http://x.test\u{07}link\u{1B}]8;;\u{07}\u{08}\r\u{202E}gnp.exe\u{2066} x\tend"
    static let forbidden: [Character] = ["\u{1B}", "\u{07}", "\u{08}", "\r", "\u{202E}", "\u{2066}", "\u{9B}"]

    static func sandbox() throws -> (Sandbox, FixtureServer) {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let nyt = String(decoding: try Fixtures.real(FixtureServer.nytFixture), as: UTF8.self)
            .replacingOccurrences(of: "Troops Gun Down Suicide Bomber in Northeast Nigerian City", with: hostileJSON)
        let weather = String(decoding: try Fixtures.real(FixtureServer.weatherFixture), as: UTF8.self)
            .replacingOccurrences(of: "\"Ростов\"", with: "\"\(hostileJSON)\"")
            .replacingOccurrences(of: "небольшой дождь", with: hostileJSON)
        fixtures.answer(.json(nyt)) { $0.path == FixtureServer.nytPath }
        fixtures.answer(.json(weather)) { $0.path == FixtureServer.weatherPath }
        return (sandbox, fixtures)
    }

    @Test("tables carry no control or bidi characters; JSON and the store keep the text exact")
    func cleanedForTerminalsOnly() async throws {
        let (sandbox, _) = try Self.sandbox()
        let nytTable = try await sandbox.run(["nyt", "election", "--wide"])
        let weatherTable = try await sandbox.run(["weather", "Rostov", "--wide"])
        async let nytJSON = sandbox.run(["nyt", "election", "--json"])
        async let weatherJSON = sandbox.run(["weather", "Rostov", "--json"])
        async let weatherTerminal = sandbox.run(["weather", "Rostov", "--color", "always"])
        let (nytJSONResult, weatherJSONResult, colouredResult) = try await (nytJSON, weatherJSON, weatherTerminal)

        for result in [nytTable, weatherTable] {
            #expect(result.exitCode == 0, "\(result.stderrText)")
            #expect(result.stdoutText.contains("Evil"))
            #expect(result.stdoutText.contains("gnp.exe"))
            for character in Self.forbidden {
                #expect(!result.stdoutText.contains(character), "U+\(String(character.unicodeScalars.first?.value ?? 0, radix: 16))")
            }
            #expect(!result.stdoutText.contains("\t"))
        }
        // With colour on, the only escapes are apicli's own SGR codes: none opens an OSC or clears the screen.
        #expect(colouredResult.exitCode == 0)
        #expect(!colouredResult.stdoutText.contains("\u{1B}]"))
        #expect(!colouredResult.stdoutText.contains("\u{1B}[2J"))
        #expect(!colouredResult.stdoutText.contains("\u{07}"))

        let articles = try #require(try JSONSerialization.jsonObject(with: nytJSONResult.stdout) as? [[String: Any]])
        #expect(articles.first?["headline"] as? String == Self.hostile)
        let cities = try #require(try JSONSerialization.jsonObject(with: weatherJSONResult.stdout) as? [[String: Any]])
        #expect((cities.first?["city"] as? [String: Any])?["name"] as? String == Self.hostile)

        let stored = try sandbox.rows("SELECT headline FROM nyt_articles WHERE id = '583032447c459f6a5fcceedd'")
        #expect(stored.first?["headline"].string == Self.hostile, "cleaned at render time, never in the store")
    }
}
