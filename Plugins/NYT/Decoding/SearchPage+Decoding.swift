import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SearchPage {
    /// Decodes one Article Search body, one doc at a time.
    ///
    /// A doc that cannot be read is skipped and named in `warnings`; a body
    /// that is not an Article Search answer at all throws ``DecodeFailure``.
    ///
    /// `JSONDecoder` maps the whole of whatever it is given before decoding it:
    /// given a 30 MB page whole, it held that map, the body and every article at
    /// once (docs/design/0028-large-answers-as-bytes.md). So ``JSONArraySlices`` finds `response.docs`
    /// and each doc's bytes; the envelope (the body with `docs` emptied) and each
    /// doc are decoded on their own by one decoder. Between them they see every
    /// byte of the body, so a body that is not valid JSON is still refused. Any
    /// body that this path cannot read (an error body, `docs: null`, a syntax
    /// error, an odd shape) is decoded whole by ``decodeWhole(_:warnings:)``,
    /// which gives exactly the answer, or the error, it always gave.
    public static func decode(_ body: Data, warnings: inout [String]) throws(DecodeFailure) -> SearchPage {
        if let (page, skipped) = decodeByDoc(body) {
            warnings += skipped
            return page
        }
        return try decodeWhole(body, warnings: &warnings)
    }

    /// The page and its warnings, or nil when the body must be decoded whole.
    static func decodeByDoc(_ body: Data) -> (SearchPage, [String])? {
        var articles: [Article] = []
        guard let (page, warnings) = readByDoc(body, take: { articles.append($0) }) else { return nil }
        return (SearchPage(status: page.status, hits: page.hits, offset: page.offset, articles: articles), warnings)
    }

    /// Reads the body doc by doc, handing each article to `take` as it is read (each
    /// doc read from its bytes by ``Article/read(_:)``, or by `JSONDecoder` when that
    /// defers): the
    /// page without its articles and the warnings, or nil when the body must be
    /// decoded whole (`take` may have been given some articles by then).
    static func readByDoc(_ body: Data, take: (Article) throws -> Void) rethrows -> (SearchPage, [String])? {
        guard let slices = JSONArraySlices.find(["response", "docs"], in: body),
            let envelope = JSONBody.read(SearchEnvelope.self, from: slices.documentWithoutElements(body)),
            let response = envelope.response
        else { return nil }
        let decoder = JSONDecoder()
        var warnings: [String] = []
        for (index, range) in slices.elements.enumerated() {
            let doc = body.withUnsafeBytes { bytes in
                readDoc(UnsafeRawBufferPointer(rebasing: bytes[range]), at: index, decoder: decoder)
            }
            switch doc {
            case let .article(article): try take(article)
            case let .skipped(warning): warnings.append(warning)
            case .notJSON: return nil
            }
        }
        let page = SearchPage(status: envelope.status, hits: response.meta?.hits, offset: response.meta?.offset)
        return (page, warnings)
    }

    /// What one doc of `response.docs` reads as.
    enum DocReading {
        case article(Article)
        /// Not an article: the warning that names it.
        case skipped(String)
        /// Not valid JSON: the body is not read doc by doc.
        case notJSON
    }

    /// The doc at `index` (from 0): read from its bytes by ``Article/read(_:)``, or by
    /// `JSONDecoder` when that defers.
    static func readDoc(_ bytes: UnsafeRawBufferPointer, at index: Int, decoder: JSONDecoder) -> DocReading {
        if let fast = Article.read(bytes) { return .article(fast) }
        do {
            return .article(try decoder.decode(Article.self, from: Data(bytes)))
        } catch let error as DecodingError {
            if error.isSyntaxError { return .notJSON }
            return .skipped(skipped(index + 1, error.insideDocs(at: index).summary))
        } catch {
            return .skipped(skipped(index + 1, Lossy<Article>.reason(error)))
        }
    }

    /// Decodes the body in a single `JSONDecoder` pass: the reference for
    /// ``decode(_:warnings:)``, and its answer for every body it cannot split.
    static func decodeWhole(_ body: Data, warnings: inout [String]) throws(DecodeFailure) -> SearchPage {
        let envelope: SearchEnvelope
        do {
            envelope = try JSONBody.decode(SearchEnvelope.self, from: body) { "the NYT answer could not be read: \($0)" }
        } catch {
            throw error as? DecodeFailure ?? DecodeFailure("the NYT answer could not be read")
        }
        guard let response = envelope.response else {
            if let fault = envelope.fault, let text = fault.message {
                throw DecodeFailure("NYT answered with an error: \(text)")
            }
            throw DecodeFailure("the NYT answer has no \"response\" object")
        }
        let articles = Lossy.values(response.docs ?? [], warnings: &warnings, skipped: skipped)
        return SearchPage(
            status: envelope.status, hits: response.meta?.hits, offset: response.meta?.offset, articles: articles)
    }

    /// The warning for the doc at `number` (from 1) that could not be read.
    private static func skipped(_ number: Int, _ reason: String) -> String {
        "skipped NYT article #\(number) that could not be read: \(reason)"
    }
}

extension DecodingError {
    /// Whether the decoder refused the bytes themselves (not valid JSON), as
    /// opposed to a value of the wrong shape. `JSONDecoder` reports the former
    /// at the top level with the parser's error underneath; ``Article`` never
    /// throws an underlying error.
    fileprivate var isSyntaxError: Bool {
        guard case let .dataCorrupted(context) = self else { return false }
        return context.codingPath.isEmpty && context.underlyingError != nil
    }

    /// The same error as if the doc had been decoded in place, at `response.docs[index]`,
    /// so that its warning reads as it always did.
    fileprivate func insideDocs(at index: Int) -> DecodingError {
        let prefix: [any CodingKey] = [DocsPathKey("response"), DocsPathKey("docs"), DocsPathKey(index)]
        func moved(_ context: Context) -> Context {
            Context(
                codingPath: prefix + context.codingPath, debugDescription: context.debugDescription,
                underlyingError: context.underlyingError)
        }
        switch self {
        case let .typeMismatch(type, context): return .typeMismatch(type, moved(context))
        case let .valueNotFound(type, context): return .valueNotFound(type, moved(context))
        case let .keyNotFound(key, context): return .keyNotFound(key, moved(context))
        case let .dataCorrupted(context): return .dataCorrupted(moved(context))
        @unknown default: return self
        }
    }
}

/// A step of the path `response.docs[i]` in a moved ``DecodingError``.
private struct DocsPathKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    init(_ index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(intValue) }
}
