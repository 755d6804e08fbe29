import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// NYT reads a page while it arrives: the host decodes the docs on one thread
/// (``DocStreamDecoder``) while it stores those already decoded on another
/// (``storeStreamed(_:for:page:in:)``), so a 30 MiB answer's bytes are never held
/// whole; the page keeps the articles as decoded, which is what a fresh answer prints.
extension NYTProvider {
    public func bodyDecoder(
        for query: ArticleQuery, page: Int, keepingItems: Bool
    ) -> any StreamingBodyDecoder<Article, SearchPage> {
        DocStreamDecoder(keepingArticles: keepingItems)
    }

    /// The articles as a page of their own: printed in turn, the pages print what the whole page prints.
    public func response(printing articles: [Article], for query: ArticleQuery, page: Int) -> SearchPage {
        SearchPage(articles: articles)
    }

    /// Upserts the articles in the order they were decoded, as `persistBody` does.
    public func storeStreamed(_ articles: [Article], for query: ArticleQuery, page: Int, in context: PersistContext) throws {
        let store = ArticleStore(context.transaction)
        for article in articles {
            try store.upsert(article, at: context.fetchedAt, for: query)
        }
    }
}

/// Reads an Article Search body as it arrives into its articles, storing nothing.
///
/// The host streams only a body past the MiB it keeps whole (every real page, ten docs
/// of tens of KB, is read whole by ``NYTProvider/decode(_:for:warnings:)``), so this
/// decoder splits from the first byte: the bytes go through
/// ``JSONArrayStream``, each doc of `response.docs` is read
/// (``SearchPage/readDoc(_:at:decoder:)``) as it completes and handed on to be stored,
/// and the envelope is decoded at the end, as ``SearchPage/readByDoc(_:take:)`` does. A
/// body that cannot be split that way (not valid JSON, `docs` named twice) is refused as
/// an answer that cannot be read; the host's transaction then rolls back what its docs
/// stored. One without `response.docs` at all is handed back whole, to be read as a
/// whole body is.
///
/// A page whose articles the host prints as they come (`keepingArticles` false) keeps
/// only their ids, in order (``SearchPage/printedIDs``): what making it the answer reads.
struct DocStreamDecoder: StreamingBodyDecoder {
    private var stream = JSONArrayStream(path: ["response", "docs"])
    private let keepingArticles: Bool
    /// Every article decoded, in order: what the page prints, when it keeps them.
    private var articles: [Article] = []
    /// Their ids, when it does not.
    private var ids: [String] = []
    private var warnings: [String] = []
    private var docs = 0
    private let decoder = JSONDecoder()

    init(keepingArticles: Bool = true) {
        self.keepingArticles = keepingArticles
    }

    mutating func decode(_ bytes: UnsafeRawBufferPointer, into items: inout [Article]) throws {
        do {
            try stream.feed(bytes, readObject: { doc in
                // The common case: the doc read where it lies, its end found by reading it.
                guard let (article, length) = Article.read(prefixOf: doc) else { return nil }
                docs += 1
                items.append(article)
                if keepingArticles { articles.append(article) } else { ids.append(article.id) }
                return length
            }) { doc in
                let index = docs
                docs += 1
                switch SearchPage.readDoc(doc, at: index, decoder: decoder) {
                case let .article(article):
                    items.append(article)
                    if keepingArticles { articles.append(article) } else { ids.append(article.id) }
                case let .skipped(warning): warnings.append(warning)
                case .notJSON: throw Self.unreadable
                }
            }
        } catch is JSONArrayStream.CannotSplit {
            throw Self.unreadable
        }
    }

    mutating func finish(into items: inout [Article], warnings: inout [String]) throws -> StreamedPageEnd<SearchPage> {
        let split: JSONArrayStream.Split
        do {
            split = try stream.finish()
        } catch {
            throw Self.unreadable
        }
        switch split {
        case let .whole(body):
            return .whole(body)
        case let .split(envelope, _):
            guard let read = JSONBody.read(SearchEnvelope.self, from: envelope), let response = read.response else {
                // The same error the whole body gives: its envelope is what it is wrong about.
                _ = try SearchPage.decodeWhole(envelope, warnings: &warnings)
                throw Self.unreadable
            }
            warnings += self.warnings
            var page = SearchPage(status: read.status, hits: response.meta?.hits, offset: response.meta?.offset, articles: articles)
            if !keepingArticles { page.printedIDs = ids }
            return .page(page)
        }
    }

    private static var unreadable: DecodeFailure {
        DecodeFailure("the NYT answer could not be read: it is not valid JSON, or not in the shape of an Article Search answer")
    }
}
