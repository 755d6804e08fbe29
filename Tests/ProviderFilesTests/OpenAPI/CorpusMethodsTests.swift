@testable import ProviderFiles
import APIDocuments
import Foundation
import Testing
import TestSupport

/// Every corpus document imported whole keeps its operations whatever their method: the
/// figures (non-GET operations in the documents and imported, and the POSTs taken for reads)
/// are printed for the record, and the reads are checked to be searches, not changes.
@Suite("Methods of every corpus document", .serialized)
struct CorpusMethodsTests {
    @Test("non-GET operations import; the POSTs read as searches are named; no POST that changes something is a read")
    func methods() throws {
        var inDocuments = 0
        var imported = 0
        var reads: [String] = []
        var report: [String] = []
        for document in CorpusNamesTests.documents {
            let path = CorpusNamesTests.folder.appendingPathComponent(document).path
            let parsed = try OpenAPIDocument(path: path)
            let declared = OpenAPIImport.getOperations(in: parsed).filter { $0.method != "get" }.count
            inDocuments += declared
            guard let (file, _) = CorpusNamesTests.imported(document) else { continue }
            let writes = file.operations.filter { $0.method != "GET" }
            imported += writes.count
            for operation in writes where operation.isRead {
                reads.append("\(document): \(operation.name)")
                #expect(operation.method == "POST", "\(document) \(operation.name)")
                let words = Set(OperationNames.kebab(operation.name).split(separator: "-").map(String.init))
                #expect(!words.contains(where: OpenAPIImport.saysChange), "\(document) \(operation.name)")
            }
            report.append("\(document): \(writes.count) of \(declared) non-GET operations imported, \(writes.filter(\.isRead).count) reads")
        }
        print((report + ["non-GET operations: \(imported) imported of \(inDocuments) in the documents", "POSTs read as searches:"]
            + reads.map { "  " + $0 }).joined(separator: "\n"))
        #expect(imported > inDocuments / 2, "most non-GET operations import: \(imported) of \(inDocuments)")
        #expect(reads.contains("uspto_dsapi_v3.0.json: perform-search"))
    }
}
