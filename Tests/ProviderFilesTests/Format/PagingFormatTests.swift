@testable import APIHost
@testable import ProviderFiles
import Foundation
import Testing
import TestSupport

/// The paging fields the big APIs need: a cursor taken from the last item (`lastItem`, Stripe's
/// `starting_after`) and an offset that steps by the items held (`step`): read, checked (a bad
/// value is a one-line problem naming the field), written back, and absent from older files,
/// which read as before.
@Suite("Provider files: lastItem cursors and offset steps")
struct PagingFormatTests {
    static func file(paging: String) -> String { AnswerPagingTests.file(paging: paging) }

    static let stripe = #"{"style": "cursor", "parameter": "starting_after", "lastItem": "id", "more": "has_more", "size": 10, "sizeParameter": "limit"}"#
    static let byItems = #"{"style": "offset", "parameter": "offset", "step": "items", "total": "num_results"}"#

    @Test("lastItem and step read, and writing them back reads the same", arguments: [stripe, byItems])
    func roundTrip(_ paging: String) throws {
        let file = try SampleFiles.read(Self.file(paging: paging))
        let written = ProviderFileWriter.text(file)
        let again = try SampleFiles.read(written)
        #expect(again.primary.paging == file.primary.paging)
        #expect(ProviderFileWriter.text(again) == written)
        if paging == Self.stripe {
            #expect(file.primary.paging?.lastItem?.description == "id")
            #expect(file.primary.paging?.cursor == nil)
            #expect(written.contains(#""lastItem": "id""#))
        } else {
            #expect(file.primary.paging?.step == .items)
            #expect(file.primary.paging?.size == 100, "without a size parameter, 100 bounds what a stored page keeps")
            #expect(written.contains(#""step": "items""#))
        }
    }

    @Test("A file without step reads as before: offsets a size apart, and is written without step")
    func olderFiles() throws {
        let file = try SampleFiles.read(SampleFiles.wikipedia)
        #expect(file.primary.paging?.step == .size)
        #expect(file.primary.paging?.hasNumberedPages == true)
        #expect(!ProviderFileWriter.text(file).contains(#""step""#))
        let cursor = try SampleFiles.read(Self.file(paging: AnswerPagingTests.styles[0]))
        #expect(cursor.primary.paging?.lastItem == nil && cursor.primary.paging?.cursor?.description == "last_id")
    }

    @Test("Misdescribed lastItem and step name the field", arguments: [
        (#"{"style": "cursor", "parameter": "after", "cursor": "last_id", "lastItem": "id"}"#, "paging.cursor", "and lastItem both say where the cursor is"),
        (#"{"style": "cursor", "parameter": "after", "lastItem": "a..b"}"#, "paging.lastItem", "is not a key path"),
        (#"{"style": "next", "next": "next", "lastItem": "id"}"#, "paging.lastItem", "is for cursor paging, not next"),
        (#"{"style": "offset", "parameter": "offset", "step": "pages"}"#, "paging.step", "unknown step 'pages'; use size or items"),
        (#"{"style": "page", "parameter": "page", "size": 10, "step": "items"}"#, "paging.step", "is for offset paging, not page"),
        (#"{"style": "offset", "parameter": "offset"}"#, "paging.size", "missing"),
        (#"{"style": "offset", "parameter": "offset", "step": "items", "sizeParameter": "limit"}"#, "paging.size", "missing"),
    ])
    func refused(_ paging: String, field: String, says: String) throws {
        do {
            _ = try SampleFiles.read(Self.file(paging: paging))
            Issue.record("accepted \(paging)")
        } catch {
            let problem = try #require(error.problems.first { $0.field == field }, "\(error.lines)")
            #expect(problem.message.contains(says), "\(problem.message)")
        }
    }

    @Test("An offset that steps by the items held has --pages but no --page; apicli api --paginate steps by the items too")
    func options() throws {
        let descriptor = try SampleFiles.read(Self.file(paging: Self.byItems)).descriptor(source: "t")
        #expect(descriptor.options.map(\.name).contains("pages"))
        #expect(!descriptor.options.map(\.name).contains("page"))
        #expect(descriptor.pageParameter?.stepsByItems == true)
        let sized = try SampleFiles.read(SampleFiles.wikipedia).descriptor(source: "t")
        #expect(sized.options.map(\.name).contains("page"))
        #expect(sized.pageParameter?.stepsByItems == false)
    }

    @Test("lastItem: the cursor is the last item's id while has_more; an empty page or has_more false is the end")
    func lastItemCursor() throws {
        let paging = try #require(try SampleFiles.read(Self.file(paging: Self.stripe)).primary.paging)
        let page = try JSONValue.parse(Data(#"{"object": "list", "data": [{"id": "cus_A"}, {"id": "cus_B"}], "has_more": true}"#.utf8))
        let last = try #require(page["data"]?.elements.last)
        #expect(paging.nextInAnswer(page, lastItem: last) == "cus_B")
        #expect(paging.nextInAnswer(page, lastItem: nil) == nil, "no item, no cursor")
        let done = try JSONValue.parse(Data(#"{"data": [{"id": "cus_C"}], "has_more": false}"#.utf8))
        #expect(paging.nextInAnswer(done, lastItem: done["data"]?.elements.last) == nil)
    }

    @Test("offset by items: the next page advances the offset by the items held; an empty page ends it; a Link wins")
    func offsetNextPage() throws {
        let provider = FileProvider(file: try SampleFiles.read(Self.file(paging: Self.byItems)), source: "t")
        let query = FileQuery(words: "x", parameters: [], firstPage: 0, pages: 5)
        let held = FileAnswer(items: (0..<13).map { FileItem(id: "\($0)", value: .int(Int64($0))) })
        #expect(provider.nextPage(after: held, links: [], page: 0, for: query) == .advancing("offset", by: 13))
        #expect(provider.nextPage(after: FileAnswer(items: []), links: [], page: 1, for: query) == .end)
        let links = LinkHeader.parse(#"</p?offset=99>; rel="next""#)
        #expect(provider.nextPage(after: held, links: links, page: 0, for: query) == .link("/p?offset=99"))
    }
}
