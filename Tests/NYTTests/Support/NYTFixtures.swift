import APICore
import APIStore
import Foundation
import Testing

@testable import NYT

/// The real NYT bodies under `Tests/Fixtures/real/nyt`, found from this file's path.
enum NYTFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // NYTTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures/real/nyt")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// Every search answer (not the error bodies).
    static let searchFiles = [
        "nyt-2016-05-dog-video-multimedia-docs.json",
        "nyt-2016-11-compact-escaped-slashes.json",
        "nyt-2017-03-wordcount-int-printpage-int.json",
    ]

    static func page(_ name: String) throws -> SearchPage {
        var warnings: [String] = []
        let page = try SearchPage.decode(data(name), warnings: &warnings)
        #expect(warnings.isEmpty, "\(name): \(warnings)")
        return page
    }
}

/// A store in a fresh temporary folder with the NYT migrations applied, removed afterwards.
struct TemporaryStore {
    let folder: URL
    let store: Store

    init(_ provider: NYTProvider = NYTProvider()) throws {
        try self.init(migrations: provider.migrations)
    }

    /// A store with only `migrations` applied (an older schema, say).
    init(migrations: [Migration]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("nyt-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try Store(path: folder.appendingPathComponent("apicli.sqlite3").path)
        try store.migrate(owner: "nyt", migrations)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A fixed clock for stored timestamps.
let fixedNow = Date(timeIntervalSince1970: 1_700_000_000)

/// A minimal body around `docs` (raw JSON text of each doc).
func body(docs: [String], hits: Int = 1, metaFirst: Bool = true) -> Data {
    let meta = "\"meta\":{\"hits\":\(hits),\"offset\":0}"
    let list = "\"docs\":[" + docs.joined(separator: ",") + "]"
    let inner = metaFirst ? meta + "," + list : list + "," + meta
    return Data("{\"status\":\"OK\",\"response\":{\(inner)}}".utf8)
}

func command(_ words: [String], _ values: [String: String] = [:]) -> ParsedCommand {
    ParsedCommand(arguments: words, values: values, explicit: Set(values.keys))
}
