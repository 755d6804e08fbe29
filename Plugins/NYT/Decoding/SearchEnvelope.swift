import APICore

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
            meta = container.lenient(Meta.self, .meta) ?? container.lenient(Meta.self, .metadata)
            docs = try container.decodeIfPresent([Lossy<Article>].self, forKey: .docs)
        }
    }

    struct Meta: Decodable {
        let hits: Int?
        let offset: Int?

        private enum Keys: String, CodingKey { case hits, offset }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            hits = container.integer(.hits)
            offset = container.integer(.offset)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        status = container.text(.status)
        response = try container.decodeIfPresent(Body.self, forKey: .response)
        fault = container.lenient(GatewayFault.Fault.self, .fault)
    }
}
