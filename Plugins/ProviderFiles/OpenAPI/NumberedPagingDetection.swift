import APICore
import APIDocuments

/// Paging by number, read from an OpenAPI operation's query parameters: an integer `page`
/// (pages) or `offset`-like one (items skipped), with a `limit`-like one for the size and an
/// integer property of the answer for the total.
///
/// - **Where pages start**: a `page` parameter starts at its declared `minimum`, else its
///   `default` (GitHub's `page` defaults to 1), else at 1, the common convention (Stack
///   Exchange's `page` declares neither and counts from 1). See design record 0170.
/// - **How far an offset moves**: by the declared page size, which is the size parameter's
///   default or the offset's `multipleOf` (NYT Books: offsets are multiples of 20); with
///   neither, by the number of items each answer held (`step: items`).
extension OpenAPIImport {
    static let pageNames = ["page"]
    static let offsetNames = ["offset", "start", "sroffset", "skip"]
    static let sizeNames = [
        "limit", "per_page", "page_size", "pageSize", "pagesize", "hitsPerPage", "rows", "count", "size", "srlimit",
    ]
    static let totalNames = [
        "hits", "total", "totalHits", "total_count", "totalCount", "nbHits", "totalhits", "count", "num_results",
        "total_results", "totalResults",
    ]

    /// `page` or `offset` paging for the operation, or nil when its parameters show neither.
    func numberedPaging(
        _ query: [DocumentNode], document: OpenAPIDocument, answer: DocumentNode?, schema: AnswerSchema
    ) -> ProviderFile.Paging? {
        func named(_ names: [String]) -> DocumentNode? {
            query.first { parameter in
                let facts = document.typeFacts(of: parameter)
                return names.contains(parameter["name"]?.string ?? "") && facts["type"]?.string == "integer"
            }
        }
        let pageParameter = named(Self.pageNames)
        guard let pager = pageParameter ?? named(Self.offsetNames), let parameter = pager["name"]?.string else { return nil }
        let facts = document.typeFacts(of: pager)
        let sizer = named(Self.sizeNames)
        let sizeFacts = sizer.map(document.typeFacts)
        // The offset's own `multipleOf` is the page size when no size parameter says otherwise.
        let multiple = facts["multipleOf"]?.int.flatMap { $0 > 0 ? $0 : nil }
        let declaredSize = sizeFacts?["default"]?.int ?? multiple
        let size = max(1, min(declaredSize ?? 10, sizeFacts?["maximum"]?.int ?? 1_000))
        let first = pageParameter != nil ? Self.firstPage(facts) : 0
        let maxPage = pageParameter != nil ? min(facts["maximum"]?.int ?? 99, 10_000) : 99
        var paging = ProviderFile.Paging(
            style: pageParameter != nil ? .page : .offset, parameter: parameter, first: first,
            size: pageParameter == nil && sizer == nil && multiple == nil ? 100 : size,
            sizeParameter: sizer?["name"]?.string, maxPage: max(maxPage, first),
            total: answer.flatMap { try? schema.totalPath(in: $0, names: Self.totalNames) })
        // An offset whose page size nothing declares moves past the items each answer held.
        if pageParameter == nil, sizer == nil, multiple == nil { paging.step = .items }
        return paging
    }

    /// The first page: the declared `minimum`, else the `default`, else 1; always 0 or 1.
    static func firstPage(_ facts: DocumentNode) -> Int {
        let declared = facts["minimum"]?.int ?? facts["default"]?.int ?? 1
        return min(max(declared, 0), 1)
    }
}
