import APIHost
import Foundation
import ProviderConformance
import Testing

@testable import NYT

@Test func nytMeetsTheProviderContract() async {
    let fixtures = NYTFixtures.searchFiles.map { NYTFixtures.folder.appendingPathComponent($0) }
    await Conformance.expect(NYTProvider(), arguments: ["basketball"], fixtures: fixtures)
}

/// One way to print something other than the answer, in one format, and what the suite must say.
struct MisprintedOutput: Sendable, CustomTestStringConvertible {
    var label: String
    var format: OutputFormat
    var change: @Sendable (String) -> String
    var says: String
    var testDescription: String { label }

    static let all: [MisprintedOutput] = [
        MisprintedOutput(label: "a table row left out", format: .table, change: { dropLastLine($0) }, says: "lines under the header"),
        MisprintedOutput(label: "a table row twice", format: .table, change: { $0 + lastLine($0) }, says: "more than"),
        MisprintedOutput(label: "a table column left out", format: .table,
                         change: { removingFirst("Headline", from: $0) }, says: "no header line names"),
        MisprintedOutput(label: "an empty table", format: .table, change: { _ in "" }, says: "does not end in a line feed"),
        MisprintedOutput(label: "CSV records ended by LF", format: .csv,
                         change: { $0.replacingOccurrences(of: "\r\n", with: "\n") }, says: "not RFC 4180"),
        MisprintedOutput(label: "a quote in an unquoted CSV field", format: .csv,
                         change: { $0.replacingOccurrences(of: "section_name", with: "sec\"tion_name") }, says: "not RFC 4180"),
        MisprintedOutput(label: "a CSV record left out", format: .csv, change: { dropLastLine($0) }, says: "records, not"),
        MisprintedOutput(label: "another CSV header", format: .csv,
                         change: { "X" + $0 }, says: "not the declared"),
        MisprintedOutput(label: "a JSON fragment", format: .json, change: { _ in "\"x\"\n" }, says: "not a JSON array"),
        MisprintedOutput(label: "a JSON array short of an element", format: .json,
                         change: { _ in "[{}]\n" }, says: "elements, not"),
        MisprintedOutput(label: "empty NDJSON", format: .ndjson, change: { _ in "" }, says: "no line"),
        MisprintedOutput(label: "NDJSON as one JSON array", format: .ndjson,
                         change: { "[" + $0.split(separator: "\n").joined(separator: ",") + "]\n" }, says: "lines, not"),
        MisprintedOutput(label: "an NDJSON line that is not JSON", format: .ndjson,
                         change: { "{" + $0 }, says: "not valid JSON"),
    ]

    /// The text without its last line (by bytes: a CSV record's CRLF is one `Character`).
    static func dropLastLine(_ text: String) -> String {
        var lines = Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        lines.removeLast()
        return String(decoding: Array(lines.joined(separator: [UInt8(ascii: "\n")])) + [UInt8(ascii: "\n")], as: UTF8.self)
    }

    static func removingFirst(_ word: String, from text: String) -> String {
        guard let range = text.range(of: word) else { return text }
        return text.replacingCharacters(in: range, with: "")
    }

    static func lastLine(_ text: String) -> String {
        (text.split(separator: "\n").last.map(String.init) ?? "") + "\n"
    }
}

/// The suite can fail: output that is not the answer's, in any format, is reported.
@Test(arguments: MisprintedOutput.all)
func conformanceReportsOutputThatIsNotTheAnswer(_ misprint: MisprintedOutput) throws {
    let provider = NYTProvider()
    let page = try NYTFixtures.page("nyt-2016-05-dog-video-multimedia-docs.json")
    let printed = { (format: OutputFormat) in OutputRenderer.render(provider, [page], as: format, terminal: .plain) }
    #expect(Conformance.renderFailures(of: provider, [page], printed: printed) == [])
    let failures = Conformance.renderFailures(of: provider, [page]) { format in
        format == misprint.format ? misprint.change(printed(format)) : printed(format)
    }
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.allSatisfy { $0.contains("--format \(misprint.format.rawValue)") && $0.contains(misprint.says) },
            "\(failures)")
}
