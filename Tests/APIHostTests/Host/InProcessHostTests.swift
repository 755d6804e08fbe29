import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// Host behaviour through ``Host`` in-process, on a stub provider and a stub
/// transport: which exit code, which kind of message, how many requests.
/// No binary, no server, no NYT or Weather.
@Suite("The host in-process, on a stub provider")
struct InProcessHostTests {
    static let records = #"[{"id": "1", "title": "First record"}, {"id": "2", "title": "Second record"}]"#

    /// A catalog with one description that cannot be used.
    struct BrokenCatalog: ProviderCatalog {
        func provider(named name: String) throws(ProviderFailure) -> (any Provider)? {
            guard name == "broken" else { return nil }
            throw .misdescribed("/p/broken.json:3: items: must be a key path")
        }

        func entries() -> [ProviderCatalogEntry] {
            [ProviderCatalogEntry(name: "broken", origin: "/p/broken.json", provider: .failure(.misdescribed("bad")))]
        }
    }

    @Test("a run prints the records, stores them, and a second run is answered by the cache")
    func runAndCache() async throws {
        let host = try InProcessHost(sources: [.compiled([StubProvider()])]) { _, _ in InProcessHost.json(Self.records) }
        let first = await host.run(["stub", "some", "words"])
        #expect(first.code == .success, "\(first.stderr)")
        #expect(first.stdout.contains("First record") && first.stdout.contains("Second record"))
        #expect(host.transport.requests.count == 1)
        #expect(host.transport.requests.first?.query.contains(QueryItem("q", "some words")) == true)
        let second = await host.run(["stub", "some", "words", "--format", "json"])
        #expect(second.code == .success)
        #expect(host.transport.requests.count == 1, "a fresh cached answer sends nothing")
        let offline = await host.run(["stub", "some", "words", "--offline"])
        #expect(offline.code == .success && offline.stdout.contains("First record"), "\(offline.stderr)")
    }

    @Test("an unknown word is a usage error that suggests the nearest command")
    func unknownWord() async throws {
        let host = try InProcessHost(sources: [.compiled([StubProvider()])]) { _, _ in InProcessHost.json("[]") }
        let run = await host.run(["stbu", "x"])
        #expect(run.code == .usage)
        #expect(run.errors.count == 1 && run.errors[0].contains("did you mean 'stub'"), "\(run.stderr)")
        #expect(host.transport.requests.isEmpty)
    }

    @Test("a rejected key is 77, worded by the host, without the key")
    func keyRejected() async throws {
        let provider = StubProvider(keyVariable: "STUB_API_KEY") { status, _ in status == 401 ? .keyRejected(detail: nil) : nil }
        let host = try InProcessHost(
            sources: [.compiled([provider])], variables: ["STUB_API_KEY": "sEcReT-123"]
        ) { _, _ in InProcessHost.json(#"{"fault": "bad key"}"#, status: 401) }
        let run = await host.run(["stub", "x"])
        #expect(run.code == .permissionDenied)
        #expect(run.errors.count == 1 && run.errors[0].contains("rejected the API key"), "\(run.stderr)")
        #expect(run.errors[0].contains("STUB_API_KEY"))
        #expect(!(run.stdout + run.stderr).contains("sEcReT-123"))
        #expect(host.transport.requests.count == 1, "a rejected key is not retried")
    }

    @Test("a missing key is 78 before any request")
    func missingKey() async throws {
        let host = try InProcessHost(sources: [.compiled([StubProvider(keyVariable: "STUB_API_KEY")])]) { _, _ in
            InProcessHost.json("[]")
        }
        let run = await host.run(["stub", "x"])
        #expect(run.code == .configuration, "\(run.stderr)")
        #expect(run.errors.count == 1)
        #expect(host.transport.requests.isEmpty)
    }

    @Test("an answer that is not the expected JSON is 65 and changes nothing stored")
    func undecodable() async throws {
        let host = try InProcessHost(sources: [.compiled([StubProvider()])]) { _, _ in InProcessHost.json("<html>") }
        let run = await host.run(["stub", "x"])
        #expect(run.code == .dataError)
        #expect(run.errors.count == 1 && run.errors[0].contains("could not read the Stub answer"), "\(run.stderr)")
        let offline = await host.run(["stub", "x", "--offline"])
        #expect(offline.code == .unavailable, "nothing was stored: \(offline.stderr)")
    }

    @Test("a provider described wrongly in a catalog is 78, one line, naming the file")
    func misdescribed() async throws {
        let host = try InProcessHost(sources: [.compiled([StubProvider()]), .catalog(BrokenCatalog())]) { _, _ in
            InProcessHost.json(Self.records)
        }
        let run = await host.run(["broken", "x"])
        #expect(run.code == .configuration)
        #expect(run.errors == ["apicli: error: /p/broken.json:3: items: must be a key path"], "\(run.stderr)")
        let listed = await host.run(["providers"])
        #expect(listed.code == .success)
        #expect(listed.stdout.contains("broken") && listed.stdout.contains("stub"), "\(listed.stdout)")
        #expect(host.transport.requests.isEmpty)
    }
}
