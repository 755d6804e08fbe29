import Foundation
import Testing

/// A hand-rolled snapshot check: compares generated text with
/// `Tests/APIHostTests/Snapshots/<name>`. Run with `APICLI_RECORD_SNAPSHOTS=1`
/// to write the files instead; a missing snapshot fails unless recording.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    static var recording: Bool {
        ProcessInfo.processInfo.environment["APICLI_RECORD_SNAPSHOTS"] == "1"
    }

    static func assertMatches(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = directory.appendingPathComponent(name)
        if recording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            return
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            Issue.record("missing snapshot \(name); run with APICLI_RECORD_SNAPSHOTS=1 to record it",
                         sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != text {
            let firstDifference = zip(expected.split(separator: "\n", omittingEmptySubsequences: false),
                                      text.split(separator: "\n", omittingEmptySubsequences: false))
                .enumerated().first { $0.element.0 != $0.element.1 }
            let where_ = firstDifference.map {
                "line \($0.offset + 1):\n  expected: \($0.element.0)\n  actual:   \($0.element.1)"
            } ?? "length differs"
            Issue.record("snapshot \(name) differs at \(where_)\n(re-record with APICLI_RECORD_SNAPSHOTS=1)",
                         sourceLocation: sourceLocation)
        }
    }
}
