import Foundation

/// A fresh directory under `NSTemporaryDirectory()`, removed with everything in
/// it when the value is released.
///
/// ```swift
/// let home = try TemporaryDirectory()
/// let env = ["XDG_DATA_HOME": home.path("data")]
/// ```
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init(prefix: String = "apicli-test") throws {
        url = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `relative` inside the directory (not created).
    public func path(_ relative: String = "") -> String {
        relative.isEmpty ? url.path : url.appendingPathComponent(relative).path
    }

    /// Creates the subdirectory `relative` and returns its URL.
    @discardableResult
    public func makeDirectory(_ relative: String) throws -> URL {
        let directory = url.appendingPathComponent(relative, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
