@testable import ProviderFiles
import Foundation
import Testing
import TestSupport

/// The import decides the shape of an answer from the schema: real documents of the corpus.
@Suite("Answer shapes from real documents")
struct AnswerShapeImportTests {
    static func corpus(_ name: String) -> String {
        Fixtures.realRoot.appendingPathComponent("openapi-corpus/\(name)").path
    }

    @Test("Open-Meteo's forecast is parallel arrays at hourly, one item per time")
    func openMeteo() throws {
        let file = try OpenAPIImport(
            name: "meteo", documentPath: Self.corpus("openmeteo_openapi_v3.0.yml"), operation: "GET /v1/forecast",
            wordsParameter: "latitude").providerFile()
        #expect(file.primary.items == ItemsShape(.parallel, at: KeyPath("hourly")))
        #expect(file.primary.columns.contains { $0.path.description == "time" })
        #expect(file.primary.paging == nil)
    }

    @Test("Top Stories is a list; the file written says so as a plain path")
    func topStories() throws {
        let file = try OpenAPIImport(
            name: "top", documentPath: Self.corpus("nyt_top_stories_v2.yaml"), operation: "GET /{section}.json",
            wordsParameter: nil).providerFile()
        #expect(file.primary.items == .list(try #require(KeyPath("results"))))
        #expect(ProviderFileWriter.text(file).contains(#""items" : "results""#) || ProviderFileWriter.text(file).contains(#""items": "results""#))
    }

    @Test("A record with a small list deep inside (Stripe's charge and its refunds.data) stays a record; the list of charges is a list")
    func stripeRecordKeepsItsInnerList() throws {
        let path = Self.corpus("stripe_spec3_2023-09.yaml")
        let charge = try OpenAPIImport(name: "charge", documentPath: path, operation: "GetChargesCharge", wordsParameter: nil).providerFile()
        #expect(charge.primary.items == ItemsShape(.record, at: nil))
        let charges = try OpenAPIImport(name: "charges", documentPath: path, operation: "GetCharges", wordsParameter: nil).providerFile()
        #expect(charges.primary.items == .list(try #require(KeyPath("data"))))
    }

    @Test("An answer declared under */* (xkcd's comic) is read as JSON: a record")
    func anyMediaRange() throws {
        let file = try OpenAPIImport(
            name: "xkcd", documentPath: Self.corpus("apisguru_xkcd.com_openapi.yaml"), operation: "GET /info.0.json",
            wordsParameter: nil).providerFile()
        #expect(file.primary.items == ItemsShape(.record, at: nil))
        #expect(file.primary.columns.contains { $0.path.description == "title" })
    }

    @Test("Every shape is written and read back the same")
    func roundTrip() throws {
        for shape in [ItemsShape(.record, at: nil), ItemsShape(.list, at: nil), ItemsShape(.parallel, at: KeyPath("hourly")),
                      ItemsShape(.record, at: KeyPath("data"))] {
            var file = try OpenAPIImportTests.imported()
            file.primary.items = shape
            file.primary.paging = nil
            let text = ProviderFileWriter.text(file)
            let reread = try ProviderFileReader(file: "nytimes.json", expectedName: "nytimes", reserved: SampleFiles.reserved)
                .read(Array(text.utf8))
            #expect(reread.primary.items == shape, "\(text)")
        }
    }

    @Test("A shape the reader does not know, or parallel arrays without a path, is refused with the field")
    func badShapes() throws {
        let text = ProviderFileWriter.text(try OpenAPIImportTests.imported())
        for (items, says) in [(#"{"shape": "table"}"#, "'table' is not a shape"), (#"{"shape": "parallel"}"#, "items.path")] {
            let changed = text.replacingOccurrences(of: #""items" : "response.docs""#, with: #""items" : \#(items)"#)
                .replacingOccurrences(of: #""items": "response.docs""#, with: #""items": \#(items)"#)
            #expect(changed != text)
            #expect {
                try ProviderFileReader(file: "nytimes.json", expectedName: "nytimes", reserved: SampleFiles.reserved)
                    .read(Array(changed.utf8))
            } throws: { error in
                "\(error)".contains(says)
            }
        }
    }
}
