import Foundation

/// A fresh folder under the system temp dir, removed when the value goes away.
final class StoreDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("apistore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A database path inside the folder.
    func path(_ name: String = "store.sqlite3") -> String {
        url.appendingPathComponent(name).path
    }
}
