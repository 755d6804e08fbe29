import Foundation
@testable import APIHost

/// A fresh folder with a migrated store in it, removed when the value goes away.
final class StorageTestDirectory: Sendable {
    let url: URL
    let path: String

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("apicore-storage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.appendingPathComponent("apicli.sqlite3").path
        try HostSchema.migrate(Store(path: path))
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A new connection to the store, as another process would open.
    func store() throws -> Store {
        try Store(path: path)
    }
}
