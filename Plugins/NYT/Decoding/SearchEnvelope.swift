import APICore
import Foundation

/// The whole body of an Article Search answer:
/// `{status, copyright, response: {meta: {hits, offset, time}, docs: […]}}`,
/// with `meta` before or after `docs`. Since the 2025 revision the live API
/// names it `metadata`; both are read.
struct SearchEnvelope: Decodable {
    let status: String?
    let response: Body?
    let fault: GatewayFault.Fault?

    private enum Keys: String, CodingKey { case status, response, fault }

    struct Body: Decodable {
        let meta: Meta?
        let docs: [Lossy<Article>]?

        private enum Keys: String, CodingKey { case meta, metadata, docs }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            meta = container.tolerant(Meta.self, .meta) ?? container.tolerant(Meta.self, .metadata)
            docs = try container.decodeIfPresent([Lossy<Article>].self, forKey: .docs)
        }
    }

    struct Meta: Decodable {
        let hits: Int?
        let offset: Int?

        private enum Keys: String, CodingKey { case hits, offset }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            hits = container.int(.hits)
            offset = container.int(.offset)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        status = container.string(.status)
        response = try container.decodeIfPresent(Body.self, forKey: .response)
        fault = container.tolerant(GatewayFault.Fault.self, .fault)
    }
}

extension SearchPage {
    /// Decodes one Article Search body in a single `JSONDecoder` pass.
    ///
    /// A doc that cannot be read is skipped and named in `warnings`; a body
    /// that is not an Article Search answer at all throws ``DecodeFailure``.
    public static func decode(_ body: Data, warnings: inout [String]) throws(DecodeFailure) -> SearchPage {
        let envelope: SearchEnvelope
        do {
            envelope = try JSONDecoder().decode(SearchEnvelope.self, from: body)
        } catch let error as DecodingError {
            throw DecodeFailure("the NYT answer could not be read: " + DecodingSummary.describe(error))
        } catch {
            throw DecodeFailure("the NYT answer could not be read")
        }
        guard let response = envelope.response else {
            if let fault = envelope.fault, let text = fault.message {
                throw DecodeFailure("NYT answered with an error: \(text)")
            }
            throw DecodeFailure("the NYT answer has no \"response\" object")
        }
        var articles: [Article] = []
        articles.reserveCapacity(response.docs?.count ?? 0)
        for (index, doc) in (response.docs ?? []).enumerated() {
            switch doc.result {
            case let .success(article): articles.append(article)
            case let .failure(error):
                let reason = (error as? DecodingError).map(DecodingSummary.describe) ?? "unreadable"
                warnings.append("skipped NYT article #\(index + 1) that could not be read: \(reason)")
            }
        }
        return SearchPage(
            status: envelope.status, hits: response.meta?.hits, offset: response.meta?.offset, articles: articles)
    }
}
