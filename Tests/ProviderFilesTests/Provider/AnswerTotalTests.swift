@testable import ProviderFiles
import APICore
import Foundation
import Testing
import TestSupport

/// Where a provider file finds how many results there are in all: its `paging.total`, else a
/// total under a name APIs give it, beside the items or above them (Stack Exchange's `total`,
/// sent only when the request's filter asks, in a wrapper its document does not declare).
@Suite("Provider files: the answer's total")
struct AnswerTotalTests {
    static func operation(items: String?, total: String? = nil) throws -> ProviderFile.Operation {
        var file = try SampleFiles.read(SampleFiles.wikipedia)
        file.primary.items = items.map { .list(KeyPath($0)!) } ?? ItemsShape(.list, at: nil)
        file.primary.paging?.total = total.flatMap(KeyPath.init)
        return file.primary
    }

    static func document(_ text: String) throws -> JSONValue { try JSONValue.parse(Data(text.utf8)) }

    @Test("the declared total; else total, num_results… beside the items or above them; never count")
    func total() throws {
        let wrapper = try Self.document(#"{"items": [{"a": 1}], "has_more": true, "total": 1118}"#)
        #expect(AnswerTotal.total(in: wrapper, operation: try Self.operation(items: "items")) == 1118)
        let nested = try Self.document(#"{"num_results": 65, "response": {"docs": [{"a": 1}], "meta": {}}}"#)
        #expect(AnswerTotal.total(in: nested, operation: try Self.operation(items: "response.docs")) == 65)
        let declared = try Self.document(#"{"query": {"searchinfo": {"totalhits": "2431"}, "search": []}, "total": 3}"#)
        #expect(AnswerTotal.total(in: declared, operation: try Self.operation(items: "query.search", total: "query.searchinfo.totalhits")) == 2431)
        let counted = try Self.document(#"{"count": 293, "results": [{"a": 1}]}"#)
        #expect(AnswerTotal.total(in: counted, operation: try Self.operation(items: "results")) == nil)
        let bare = try Self.document(#"[{"total": 5}]"#)
        #expect(AnswerTotal.total(in: bare, operation: try Self.operation(items: nil)) == nil)
    }

    @Test("the note: how many of how many, grouped, and only when more exist than are shown")
    func note() {
        #expect(ShownOfTotal.note(shown: 20, total: 1118) == "20 of 1,118; more with --pages")
        #expect(ShownOfTotal.note(shown: 20, total: 1_586, pages: false) == "20 of 1,586")
        #expect(ShownOfTotal.note(shown: 20, total: 20) == nil)
        #expect(ShownOfTotal.note(shown: 3, total: nil) == nil)
    }
}
