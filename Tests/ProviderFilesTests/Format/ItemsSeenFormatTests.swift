import APICore
@testable import ProviderFiles
import Foundation
import Testing
import TestSupport

/// `itemsSeen` and `{"shape": "any"}` in the format: read, checked field by field, written
/// back; and the note a run adds, which keeps every member of the user's file.
@Suite("itemsSeen and the shape any")
struct ItemsSeenFormatTests {
    static func file(items: String, itemsSeen: String? = nil, columns: String = #"[{"name": "title", "path": "title", "kind": "text"}]"#) -> String {
        """
        {"$schema": "../provider-file.schema.json", "apicli": 1, "name": "se", "summary": "Questions.",
         "baseURL": "https://api.stackexchange.com", "path": "/2.2/search", "words": {"parameter": "intitle"},
         "key": "none", "items": \(items),\(itemsSeen.map { " \"itemsSeen\": \($0)," } ?? "") "columns": \(columns),
         "cacheSeconds": 600}
        """
    }

    @Test("Read and written back: key paths and shape objects, in order")
    func roundTrip() throws {
        let text = Self.file(items: #"{"shape": "list"}"#, itemsSeen: #"["items", {"shape": "record"}, {"shape": "parallel", "path": "hourly"}]"#)
        let file = try SampleFiles.read(text)
        #expect(file.primary.itemsSeen.map(\.description) == ["items", ".", "hourly"])
        #expect(file.primary.itemsSeen.map(\.kind) == [.list, .record, .parallel])
        let written = ProviderFileWriter.text(file)
        #expect(written.contains(#""itemsSeen": ["#), "\(written)")
        let again = try SampleFiles.read(written)
        #expect(again.primary.itemsSeen == file.primary.itemsSeen)
        #expect(try SampleFiles.read(Self.file(items: #""items""#)).primary.itemsSeen.isEmpty, "a file without it reads as before")
    }

    @Test("A bad itemsSeen or any is one problem naming the field", arguments: [
        (#"3"#, #"{"shape": "list"}"#, "itemsSeen: must be an array"),
        (#"[{"shape": "nope"}]"#, #"{"shape": "list"}"#, "itemsSeen[0].shape: 'nope' is not a shape"),
        (#"["a..b"]"#, #"{"shape": "list"}"#, "itemsSeen[0]: 'a..b' is not a key path"),
        (#"[true]"#, #"{"shape": "list"}"#, "itemsSeen[0]: must be a key path or an object"),
        (#"["1", "2", "3", "4", "5", "6", "7", "8", "9"]"#, #"{"shape": "list"}"#, "itemsSeen: at most 8 entries"),
        (nil, #"{"shape": "any", "path": "items"}"#, "items.path: the shape any reads the whole answer"),
    ] as [(String?, String, String)])
    func refused(itemsSeen: String?, items: String, says: String) throws {
        do {
            _ = try SampleFiles.read(Self.file(items: items, itemsSeen: itemsSeen))
            Issue.record("read: \(says)")
        } catch {
            #expect(error.problems.count == 1, "\(error.problems)")
            #expect(error.description.contains(says), "\(error.description)")
        }
    }

    @Test("apicli api counts a page's items where answers were seen to keep them")
    func pagedItems() throws {
        let paged = Self.file(items: #"{"shape": "list"}"#, itemsSeen: #"[{"shape": "record"}, "items"]"#)
            .replacingOccurrences(of: #""cacheSeconds": 600"#, with: #""paging": {"style": "page", "parameter": "page", "first": 1, "size": 30}"#)
        #expect(try SampleFiles.read(paged).descriptor(source: "se.json").pageParameter?.items == ["items"])
        let declared = paged.replacingOccurrences(of: #", "itemsSeen": [{"shape": "record"}, "items"]"#, with: "")
        #expect(try SampleFiles.read(declared).descriptor(source: "se.json").pageParameter?.items == [])
    }

    @Test("An answer taken as it comes needs no columns; a list still does")
    func columns() throws {
        #expect(try SampleFiles.read(Self.file(items: #"{"shape": "any"}"#, columns: "[]")).primary.columns.isEmpty)
        #expect(throws: ProviderFileError.self) { try SampleFiles.read(Self.file(items: #""items""#, columns: "[]")) }
    }

    @Test("The note adds itemsSeen after items and keeps every member, $schema included, in order")
    func note() throws {
        let document = try JSONValue.parse(Data(Self.file(items: #"{"shape": "list"}"#).utf8))
        let shape = ItemsShape.list(try #require(KeyPath("items")))
        let noted = try #require(ItemsSeenNote.adding(shape, to: document, operation: "se", provider: "se"))
        #expect(noted.members.map(\.key) == [
            "$schema", "apicli", "name", "summary", "baseURL", "path", "words", "key", "items", "itemsSeen", "columns", "cacheSeconds",
        ])
        #expect(noted["itemsSeen"] == .array([.string("items")]))
        let twice = try #require(ItemsSeenNote.adding(ItemsShape(.record, at: nil), to: noted, operation: "se", provider: "se"))
        #expect(twice["itemsSeen"] == .array([.string("items"), .object([JSONValue.Member("shape", .string("record"))])]))
        #expect(ItemsSeenNote.adding(shape, to: document, operation: "other", provider: "se") == nil, "no such operation")
    }
}
