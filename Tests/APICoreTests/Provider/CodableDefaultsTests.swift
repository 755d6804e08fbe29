import APICore
import APIStore
import Foundation
import Testing

/// A provider whose response is `Codable` states only its API's facts: the
/// kit decodes, persists, loads and turns it into JSON elements.
@Suite("Provider defaults for a Codable response")
struct CodableDefaultsTests {
    struct Station: Codable, Sendable, Equatable {
        var id: Int
        var name: String
        var readings: [Double?]
    }

    struct StationProvider: Provider {
        var descriptor: ProviderDescriptor {
            ProviderDescriptor(
                name: "air-quality", displayName: "Air", summary: "Stations.",
                defaultBaseURL: URL(fileURLWithPath: "/"))
        }

        func queries(from command: ParsedCommand) throws -> [String] { [command.words] }
        func request(for words: String, page: Int) -> Endpoint { Endpoint(path: "/stations", query: [QueryItem("q", words)]) }
        func table(_ results: [[Station]]) -> Table {
            Table(columns: [.init("name")], rows: results.flatMap { $0.map { [$0.name] } })
        }
    }

    let body = Data(#"[{"id": 1, "name": "Strasbourg Nord", "readings": [12.5, null]}, {"id": 2, "name": "Kehl", "readings": []}]"#.utf8)

    @Test("decode, persist with the host's time, load, and JSON elements, with no code")
    func roundTrip() throws {
        let provider = StationProvider()
        var warnings: [String] = []
        let stations = try provider.decode(body, for: "x", warnings: &warnings)
        #expect(stations.map(\.name) == ["Strasbourg Nord", "Kehl"])
        #expect(warnings.isEmpty)
        #expect(provider.capabilities.label(for: "rhine valley") == "rhine valley")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("codable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(path: directory.appendingPathComponent("s.sqlite3").path)
        try store.migrate(owner: "air-quality", provider.migrations)
        let fetchedAt = Date(timeIntervalSince1970: 1_750_000_000)
        try store.write { try provider.persist(stations, for: "rhine valley", in: PersistContext($0, fetchedAt: fetchedAt)) }
        let stored = try #require(try store.read { try provider.load("rhine valley", from: $0) })
        #expect(stored.value == stations)
        #expect(stored.fetchedAt == fetchedAt)
        #expect(try store.read { try provider.load("elsewhere", from: $0) } == nil)
        // The table is named after the provider, dashes made underscores.
        #expect(try store.read { try $0.query("SELECT COUNT(*) AS n FROM air_quality_answers") }.first?["n"].int == 1)

        let elements = JSONValue.array(of: provider.json([stations]))
        #expect(elements.elements.count == 2)
        #expect(elements.elements.first?["name"] == "Strasbourg Nord")
        #expect(elements.elements.first?["readings"] == [12.5, nil])
    }

    @Test("a body that is not the type is a DecodeFailure naming the provider, not a crash")
    func badBody() {
        var warnings: [String] = []
        #expect(throws: DecodeFailure.self) {
            try StationProvider().decode(Data(#"{"id": "one"}"#.utf8), for: "x", warnings: &warnings)
        }
    }
}
