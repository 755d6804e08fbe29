import APICore
import Foundation
import Synchronization
import Testing
import TestSupport

@testable import APIHost
@testable import NYT

/// Reading a body while it arrives (``JSONArrayStream``, ``DocStreamDecoder`` and the
/// host's two threads, ``StreamedPagePipeline``) gives what
/// reading it whole gives, wherever the chunks end: the same docs, envelope, page,
/// warnings and stored rows; a body that breaks off leaves the previous answer whole.
@Suite struct StreamedReadingTests {
    let provider = NYTProvider()
    /// Where the random cuts come from; failures name it.
    let seed: FuzzSeed

    init() throws {
        seed = try FuzzSeed.draw(for: "StreamedReadingTests")
    }

    /// Offsets that cut `count` bytes into pieces: every `step` bytes, and some at random
    /// (the same for a seed, a length and a step).
    func cuts(_ count: Int, step: Int) -> [Int] {
        var cuts = Array(stride(from: step, to: count, by: step))
        var generator = seed.generator(salt: UInt64(count) << 20 ^ UInt64(step))
        cuts += (0..<20).map { _ in Int.random(in: 1..<max(2, count), using: &generator) }
        return Array(Set(cuts)).sorted()
    }

    /// `body` as pieces ending at `cuts`.
    static func pieces(_ body: Data, _ cuts: [Int]) -> [Data] {
        let bounds = [0] + cuts.filter { $0 > 0 && $0 < body.count } + [body.count]
        return zip(bounds, bounds.dropFirst()).map { Data(body[body.startIndex + $0..<body.startIndex + $1]) }
    }

    /// The elements and the result of streaming `body` through a splitter for `path`.
    func split(_ body: Data, path: [String], cuts: [Int]) throws -> ([Data], JSONArrayStream.Split) {
        var stream = JSONArrayStream(path: path)
        var elements: [Data] = []
        for piece in Self.pieces(body, cuts) {
            try piece.withUnsafeBytes { try stream.feed($0) { elements.append(Data($0)) } }
        }
        return (elements, try stream.finish())
    }

    /// A large body of the real fixtures' docs, repeated with fresh ids, in its own bytes (escapes, spacing) each time.
    static func largeBody(docs count: Int) throws -> Data {
        var docs: [String] = []
        for name in NYTFixtures.searchFiles {
            let data = try NYTFixtures.data(name)
            let slices = try #require(JSONArraySlices.find(["response", "docs"], in: data))
            docs += slices.elements.map { String(decoding: slices.element($0, of: data), as: UTF8.self) }
        }
        let made = (0..<count).map { index in
            docs[index % docs.count].replacingOccurrences(of: #""_id":""#, with: #""_id":"copy\#(index)-"#)
        }
        return body(docs: made, hits: count)
    }

    static var weatherFiles: [URL] {
        let folder = NYTFixtures.folder.deletingLastPathComponent().appendingPathComponent("weather")
        return [
            "weather-bethnal-green-2014-standard-cnt25-one-item.json", "weather-london-2013-standard-cnt1.json",
            "weather-london-2019-metric-cnt3.json", "weather-rostov-metric-ru-cnt8.json",
            "weather-strasbourg-metric-fr-cnt40.json", "weather-wroclaw-metric-cnt3.json",
        ].map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: NYTFixtures.searchFiles)
    func splitsEveryNYTFixtureAsTheWholeBodyScanDoes(_ name: String) throws {
        let data = try NYTFixtures.data(name)
        try expectSameSplit(data, path: ["response", "docs"])
    }

    @Test func splitsEveryWeatherFixtureAsTheWholeBodyScanDoes() throws {
        for url in Self.weatherFiles {
            try expectSameSplit(try Data(contentsOf: url), path: ["list"])
        }
    }

    func expectSameSplit(_ data: Data, path: [String]) throws {
        let slices = try #require(JSONArraySlices.find(path, in: data))
        let expected = slices.elements.map { slices.element($0, of: data) }
        for step in [1, 7, 100, 4096, data.count] {
            let (elements, result) = try split(data, path: path, cuts: cuts(data.count, step: step))
            #expect(elements == expected, "step \(step); \(seed)")
            guard case let .split(envelope, count) = result else {
                Issue.record("not split at step \(step)")
                continue
            }
            #expect(envelope == slices.documentWithoutElements(data))
            #expect(count == expected.count)
        }
    }

    @Test("a document the whole-body scan would not split is handed back whole, or refused once split")
    func oddShapes() throws {
        let whole = [
            #"{"response":{"docs":null,"meta":{"hits":0}}}"#, #"{"fault":{"faultstring":"Invalid ApiKey"}}"#,
            #"{"response":{"meta":{"hits":0}}}"#, #"["a"]"#, #"{"response":{"do\u0063s":[1,2]}}"#,
        ]
        for text in whole {
            let data = Data(text.utf8)
            let (elements, result) = try split(data, path: ["response", "docs"], cuts: [3, 9])
            #expect(elements.isEmpty, "\(text)")
            guard case let .whole(document) = result else {
                Issue.record("\(text) was split")
                continue
            }
            #expect(document == data)
        }
        let refused = [
            #"{"response":{"docs":[{"a":1}],"docs":[]}}"#,  // named twice
            #"{"response":{"docs":[{"a":1},]}}"#,  // a comma before the end
            #"{"response":{"docs":[{"a":1} {"b":2}]}}"#,  // no comma
            #"{"response":{"docs":[{"a":"1}]}}"#,  // unterminated
            #"{"response":{"docs":[{"a":1}]}} x"#,  // something after the document
        ]
        for text in refused {
            let data = Data(text.utf8)
            #expect(JSONArraySlices.find(["response", "docs"], in: data) == nil, "\(text)")
            #expect(throws: JSONArrayStream.CannotSplit.self, "\(text)") {
                _ = try split(data, path: ["response", "docs"], cuts: [5, 30])
            }
        }
    }

    /// The host's pipeline for page `page` of `query`: NYT's decoder on a thread of its own, and its store; `stored` sees each batch stored.
    func pipeline(
        _ query: ArticleQuery, page: Int, stored: @escaping @Sendable (PersistContext) throws -> Void = { _ in }
    ) -> StreamedPagePipeline<Article, SearchPage> {
        let provider = self.provider
        return StreamedPagePipeline(
            makeDecoder: { DocStreamDecoder(keepingArticles: $0) },
            printable: { provider.response(printing: $0, for: query, page: page) },
            store: {
                try provider.storeStreamed($0, for: query, page: page, in: $1)
                try stored($1)
            },
            storeWhole: { try provider.persistBody($0, for: query, page: page, in: $1, warnings: &$2) })
    }

    /// The pieces queued as the transport queues them, then the end (`failure`: broken off).
    static func chunks(_ pieces: [Data], failure: HTTPClientError? = nil) -> ChunkQueue {
        let chunks = ChunkQueue(resume: {})
        for piece in pieces {
            _ = piece.withUnsafeBytes { chunks.put($0) }
        }
        chunks.close(failure)
        return chunks
    }

    /// The page, warnings and stored answer from streaming `bodies` (one per page)
    /// through the host's pipeline with NYT's decoder, cut at `cuts`.
    func streamed(
        _ bodies: [Data], _ query: ArticleQuery, in store: Store, step: Int, warnings: inout [String]
    ) throws -> SearchPage {
        var pages: [SearchPage] = []
        for (index, body) in bodies.enumerated() {
            var pageWarnings: [String] = []
            pages.append(try store.write { tx in
                let chunks = Self.chunks(Self.pieces(body, cuts(body.count, step: step)))
                return try pipeline(query, page: index)
                    .run(chunks, in: PersistContext(tx, fetchedAt: fixedNow), warnings: &pageWarnings)
            })
            warnings += pageWarnings
        }
        let merged = provider.merge(pages)
        try store.write { tx in
            try provider.replaceAnswer(with: merged, for: query, in: PersistContext(tx, fetchedAt: fixedNow))
        }
        return merged
    }

    func wholeAnswer(_ bodies: [Data], _ query: ArticleQuery, warnings: inout [String]) throws -> SearchPage {
        provider.merge(try bodies.map { try provider.decode($0, for: query, warnings: &warnings) })
    }

    func rows(_ store: Store) throws -> [[String]] {
        try store.read { tx in
            try tx.query("SELECT id, headline, abstract, snippet, byline, pub_date, fetched_at FROM nyt_articles ORDER BY id")
                .map { row in (0..<7).map { "\(row[$0])" } }
        }
    }

    @Test(arguments: [1, 13, 1000])
    func streamingGivesTheAnswerDecodingWholeGives(step: Int) throws {
        let bodies = try NYTFixtures.searchFiles.map(NYTFixtures.data) + [try Self.largeBody(docs: 120)]
        let query = ArticleQuery(words: "any", pages: bodies.count)
        let streamStore = try TemporaryStore()
        let wholeStore = try TemporaryStore()
        defer {
            streamStore.remove()
            wholeStore.remove()
        }
        var streamWarnings: [String] = []
        var wholeWarnings: [String] = []
        let stored = try streamed(bodies, query, in: streamStore.store, step: step, warnings: &streamWarnings)
        let decoded = try wholeAnswer(bodies, query, warnings: &wholeWarnings)
        #expect(stored == decoded, "\(seed)")
        #expect(streamWarnings == wholeWarnings, "\(seed)")
        // And the rows are those the whole-body batches store.
        for (index, body) in bodies.enumerated() {
            var ignored: [String] = []
            _ = try wholeStore.store.write { tx in
                try provider.persistBody(body, for: query, page: index, in: PersistContext(tx, fetchedAt: fixedNow), warnings: &ignored)
            }
        }
        #expect(try rows(streamStore.store) == rows(wholeStore.store), "\(seed)")
    }

    @Test func skippedDocsWarnTheSameWhenStreamed() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let bodies = [body(docs: [#"{"_id":"a","headline":{"main":"A"}}"#, "42", #"{"headline":{}}"#, #"{"_id":"b"}"#], hits: 4)]
        let query = ArticleQuery(words: "any")
        var streamWarnings: [String] = []
        var wholeWarnings: [String] = []
        let stored = try streamed(bodies, query, in: temp.store, step: 5, warnings: &streamWarnings)
        let decoded = try wholeAnswer(bodies, query, warnings: &wholeWarnings)
        #expect(stored.articles.map(\.id) == ["a", "b"])
        #expect(stored == decoded)
        #expect(wholeWarnings.count == 2)
        #expect(streamWarnings == wholeWarnings)
    }

    /// A body that breaks off after some docs were stored: the page's transaction rolls
    /// back, and the previous answer and its articles are as they were.
    @Test func aBodyBrokenOffHalfwayLeavesThePreviousAnswerWhole() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let query = ArticleQuery(words: "any")
        var warnings: [String] = []
        let old = try streamed([try NYTFixtures.data(NYTFixtures.searchFiles[0])], query, in: temp.store, step: 100, warnings: &warnings)
        let before = try rows(temp.store)
        let large = try Self.largeBody(docs: 200)
        let brokeOff = HTTPClientError.truncated(url: "https://api.nytimes.com/x", received: 20 * 4096, expected: large.count)
        let storedInside = Mutex(0)
        #expect(throws: brokeOff) {
            try temp.store.write { tx in
                let chunks = Self.chunks(Array(Self.pieces(large, cuts(large.count, step: 4096)).prefix(20)), failure: brokeOff)
                let pipeline = pipeline(query, page: 0) { context in
                    // Docs were stored by now, inside the transaction.
                    let inside = try context.transaction.queryOne("SELECT COUNT(*) FROM nyt_articles WHERE id LIKE 'copy%'")?[0].int ?? 0
                    storedInside.withLock { $0 = max($0, inside) }
                }
                return try pipeline.run(chunks, in: PersistContext(tx, fetchedAt: fixedNow.addingTimeInterval(60)), warnings: &warnings)
            }
        }
        #expect(storedInside.withLock { $0 } > 0)
        #expect(try rows(temp.store) == before)
        let ids = try temp.store.read { tx in
            try tx.query("SELECT article_id FROM nyt_query_results WHERE query_key = ? ORDER BY position", [.text(query.storageKey)])
                .compactMap { $0[0].string }
        }
        #expect(ids == old.articles.map(\.id))
    }

    @Test func aLargeBodyThatIsNotJSONIsRefusedAsUnreadable() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        var broken = try Self.largeBody(docs: 50)
        broken.removeLast(3)
        var warnings: [String] = []
        #expect(throws: DecodeFailure.self) {
            _ = try streamed([broken], ArticleQuery(words: "any"), in: temp.store, step: 512, warnings: &warnings)
        }
    }
}
