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

    /// The scaffold's shape: records kept as `JSONValue`s in a `Codable` response.
    struct Records: Codable, Sendable, Equatable {
        var items: [JSONValue]
    }

    struct RecordsProvider: Provider {
        var descriptor: ProviderDescriptor {
            ProviderDescriptor(name: "things", displayName: "Things", summary: "Things.", defaultBaseURL: URL(fileURLWithPath: "/"))
        }

        func queries(from command: ParsedCommand) throws -> [String] { [command.words] }
        func request(for words: String, page: Int) -> Endpoint { Endpoint(path: "/things") }
        func decode(_ body: Data, for words: String, warnings: inout [String]) throws -> Records {
            Records(items: try JSONItems.items(from: body, at: "data"))
        }
        func json(_ results: [Records]) -> any Sequence<JSONValue> { results.flatMap(\.items) }
        func table(_ results: [Records]) -> Table { JSONItems.table(results.flatMap(\.items)) }
    }

    /// One key order, the answer's: the records print in the server's order fresh, and
    /// the same from the store, though the default persistence goes through `Codable`.
    @Test("JSON values in a Codable response keep the answer's order through persist and load")
    func answersOrderThroughTheStore() throws {
        let provider = RecordsProvider()
        let answer = Data(#"{"data": [{"zeta": 1, "alpha": {"y": 2, "x": [{"b": 1, "a": 2}]}, "mid": "m"}, {"k": null}]}"#.utf8)
        var warnings: [String] = []
        let records = try provider.decode(answer, for: "x", warnings: &warnings)
        let fresh = JSONValue.array(of: provider.json([records])).serialized(pretty: false)
        #expect(fresh == #"[{"zeta":1,"alpha":{"y":2,"x":[{"b":1,"a":2}]},"mid":"m"},{"k":null}]"#)
        #expect(provider.table([records]).columns.map(\.title) == ["zeta", "mid", "k"])

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("codable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(path: directory.appendingPathComponent("s.sqlite3").path)
        try store.migrate(owner: "things", provider.migrations)
        try store.write { try provider.persist(records, for: "x", in: PersistContext($0, fetchedAt: Date())) }
        let stored = try #require(try store.read { try provider.load("x", from: $0) })
        #expect(stored.value == records)
        #expect(JSONValue.array(of: provider.json([stored.value])).serialized(pretty: false) == fresh)

        // Another decoder cannot see the order: its objects come out sorted, the same from run to run.
        let plain = try JSONDecoder().decode(Records.self, from: Data(JSONValue.encoding(records).serialized().utf8))
        #expect(plain.items.first?.members.map(\.key) == ["alpha", "mid", "zeta"])
    }

    @Test("a body that is not the type is a DecodeFailure naming the provider, not a crash")
    func badBody() {
        var warnings: [String] = []
        #expect(throws: DecodeFailure.self) {
            try StationProvider().decode(Data(#"{"id": "one"}"#.utf8), for: "x", warnings: &warnings)
        }
    }
}
