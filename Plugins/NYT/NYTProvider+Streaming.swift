import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// NYT reads a page while it arrives: each doc is stored as soon as its last byte is
/// in, so a 30 MiB answer's bytes are never held whole (``DocStreamReader``); the page
/// keeps the articles as decoded, which is what a fresh answer prints.
extension NYTProvider: StreamingBatchProvider {
    public func bodyReader(for query: ArticleQuery, page: Int) -> any StreamingBodyReader<SearchPage> {
        DocStreamReader(provider: self, query: query, page: page)
    }
}

/// Reads an Article Search body as it arrives and stores its docs one by one.
///
/// A body up to ``keptWhole`` bytes (every real page: ten docs are tens of KB) is
/// kept and, once complete, read by ``NYTProvider/persistBody(_:for:page:in:warnings:)``
/// as a whole body is, so that it gives the same page, warnings and errors. Past that,
/// the bytes go through ``JSONArrayStream``: each doc of `response.docs` is read
/// (``SearchPage/readDoc(_:at:decoder:)``) and upserted as it completes, and the
/// envelope is decoded at the end, as ``SearchPage/readByDoc(_:take:)`` does. A large
/// body that cannot be split that way (not valid JSON, `docs` named twice) is refused
/// as an answer that cannot be read; the host's transaction then rolls back what its
/// docs stored. One without `response.docs` at all is still read whole.
struct DocStreamReader: StreamingBodyReader {
    let provider: NYTProvider
    let query: ArticleQuery
    let page: Int
    /// Bodies up to this size are read whole at the end.
    var keptWhole = 1 << 20
    /// The body so far, while it is within ``keptWhole``; nil once it streams.
    private var kept: [UInt8]? = []
    private var stream = JSONArrayStream(path: ["response", "docs"])
    private var articles: [Article] = []
    private var warnings: [String] = []
    private var docs = 0
    private let decoder = JSONDecoder()

    init(provider: NYTProvider, query: ArticleQuery, page: Int, keptWhole: Int = 1 << 20) {
        self.provider = provider
        self.query = query
        self.page = page
        self.keptWhole = keptWhole
    }

    mutating func read(_ bytes: UnsafeRawBufferPointer, in context: PersistContext) throws {
        guard var body = kept else { return try split(bytes, context) }
        kept = nil
        body.append(contentsOf: bytes)
        if body.count <= keptWhole {
            kept = body
            return
        }
        try body.withUnsafeBytes { try split($0, context) }
    }

    mutating func finish(in context: PersistContext, warnings: inout [String]) throws -> SearchPage {
        if let kept {
            return try provider.persistBody(Data(kept), for: query, page: page, in: context, warnings: &warnings)
        }
        let split: JSONArrayStream.Split
        do {
            split = try stream.finish()
        } catch {
            throw Self.unreadable
        }
        switch split {
        case let .whole(body):
            return try provider.persistBody(body, for: query, page: page, in: context, warnings: &warnings)
        case let .split(envelope, _):
            guard let read = JSONBody.read(SearchEnvelope.self, from: envelope), let response = read.response else {
                // The same error the whole body gives: its envelope is what it is wrong about.
                _ = try SearchPage.decodeWhole(envelope, warnings: &warnings)
                throw Self.unreadable
            }
            warnings += self.warnings
            return SearchPage(
                status: read.status, hits: response.meta?.hits, offset: response.meta?.offset, articles: articles)
        }
    }

    private mutating func split(_ bytes: UnsafeRawBufferPointer, _ context: PersistContext) throws {
        let store = ArticleStore(context.transaction)
        let fetchedAt = context.fetchedAt
        do {
            try stream.feed(bytes) { doc in
                let index = docs
                docs += 1
                switch SearchPage.readDoc(doc, at: index, decoder: decoder) {
                case let .article(article):
                    try store.upsert(article, at: fetchedAt)
                    articles.append(article)
                case let .skipped(warning): warnings.append(warning)
                case .notJSON: throw Self.unreadable
                }
            }
        } catch is JSONArrayStream.CannotSplit {
            throw Self.unreadable
        }
    }

    private static var unreadable: DecodeFailure {
        DecodeFailure("the NYT answer could not be read: it is not valid JSON, or not in the shape of an Article Search answer")
    }
}
