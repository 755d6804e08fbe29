#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProviderFiles

/// Checks a provider file against a saved answer: the items are where the file
/// says, and every column and the id are found in at least one item.
enum SampleCheck {
    static func problems(of file: ProviderFile, source: String, sample: String) throws -> [String] {
        let document = try SampleCheck.document(at: sample)
        // The file's shape, or one it noted an answer in (`itemsSeen`), as a run reads them.
        let shapes = [file.primary.items] + file.primary.itemsSeen
        guard let items = shapes.lazy.compactMap({ $0.elements(in: document) }).first else {
            let nearest = file.primary.items.nearestExisting(in: document)
            let seen = AnswerShapeGuess.shape(of: document).map { "; it is \($0.phrase)" } ?? ""
            return ["\(source): items: \(sample) is not \(file.primary.items.phrase)"
                + (nearest.names.isEmpty ? "" : " (\(nearest.found.isEmpty ? "it" : "'\(nearest.found)'") has: "
                    + nearest.names.prefix(8).joined(separator: ", ") + ")") + seen]
        }
        guard !items.isEmpty else { return [] }
        var problems: [String] = []
        if let id = file.primary.id, !items.contains(where: { id.value(in: $0) != nil }) {
            problems.append("\(source): id: no item in \(sample) has '\(id)'")
        }
        for (index, column) in file.primary.columns.enumerated() where !items.contains(where: { column.path.value(in: $0) != nil }) {
            problems.append("\(source): columns[\(index)].path: no item in \(sample) has '\(column.path)'")
        }
        if let total = file.primary.paging?.total, total.value(in: document) == nil {
            problems.append("\(source): paging.total: \(sample) has no '\(total)'")
        }
        return problems
    }

    /// A saved answer, read as JSON; a missing or non-JSON file is a usage error naming it.
    static func document(at path: String) throws -> JSONValue {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("cannot read the sample \(path)", exitCode: .noInput)
        }
        guard let value = try? JSONValue.parse(data) else {
            throw CLIError("the sample \(path) is not JSON", exitCode: .dataError)
        }
        return value
    }
}
