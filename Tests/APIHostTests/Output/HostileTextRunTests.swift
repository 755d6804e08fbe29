import APIHost
import Foundation
import Testing
import TestSupport

/// A title full of escapes and bidi overrides, through the host in-process on the stub
/// provider: cleaned in the table (coloured or not), in the line format and in line
/// templates; exact in JSON and in the store. (These were NYT's and Weather's
/// `HostileTextRunTests`, the halves of the binary's `HostileTextEndToEndTests` and of
/// `ScriptingEndToEndTests`' hostile-template test; a provider's own header lines are
/// cleaned as its `RenderingTests` check.)
@Suite("Hostile server text, in-process")
struct HostileTextRunTests {
    static let records = (1...10).map { index in
        #"{"id": "r\#(index)", "title": "\#(index == 1 ? HostileText.json : "Record \(index)")"}"#
    }

    static func host() throws -> InProcessHost {
        try InProcessHost(sources: [.compiled([StubProvider()])], variables: ["LANG": "C.UTF-8"]) { _, _ in
            InProcessHost.json("[" + Self.records.joined(separator: ", ") + "]")
        }
    }

    @Test("the table carries no control or bidi characters, and with colour no escape but apicli's own; JSON and the store keep the text exact")
    func cleanedForTerminalsOnly() async throws {
        let host = try Self.host()
        let table = await host.run(["stub", "election", "--wide"])
        #expect(table.code == .success, "\(table.stderr)")
        #expect(table.stdout.contains("Evil") && table.stdout.contains("gnp.exe"))
        #expect(HostileText.forbiddenIn(table.stdout).isEmpty, "\(HostileText.forbiddenIn(table.stdout))")
        #expect(!table.stdout.contains("\t"))

        // With colour on, the only escapes are apicli's own SGR codes: none opens an OSC or clears the screen.
        let coloured = await host.run(["stub", "election", "--color", "always"])
        #expect(coloured.code == .success)
        #expect(coloured.stdout.contains("\u{1B}["), "colour was on")
        #expect(!coloured.stdout.contains("\u{1B}]"))
        #expect(!coloured.stdout.contains("\u{1B}[2J"))
        #expect(!coloured.stdout.contains("\u{07}"))

        let json = await host.run(["stub", "election", "--json"])
        let records = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(records?.first?["title"] as? String == HostileText.decoded)
        // The stub keeps each answer whole, as one JSON array; r1 is its first element.
        let stored = try host.rows("SELECT json_extract(json, '$[0].title') AS title FROM stub_answers")
        #expect(stored.first?["title"].string == HostileText.decoded, "cleaned at render time, never in the store")
    }

    @Test("the line format and line templates clean it too: no escapes, controls or bidi overrides")
    func hostileTextInLines() async throws {
        let host = try Self.host()
        let line = await host.run(["stub", "election", "--format", "line"])
        #expect(line.code == .success, "\(line.stderr)")
        #expect(HostileText.forbiddenIn(line.stdout).isEmpty)
        #expect(line.stdout.contains("Evil linkgnp.exe x end"))

        let template = await host.run(["stub", "election", "--template", "[{title}] {title:12}"])
        #expect(template.code == .success, "\(template.stderr)")
        #expect(HostileText.forbiddenIn(template.stdout).isEmpty)
        #expect(template.stdout.contains("[Evil linkgnp.exe x end] Evil linkgn…"))
        #expect(template.stdout.split(separator: "\n").count == 10)
    }
}
