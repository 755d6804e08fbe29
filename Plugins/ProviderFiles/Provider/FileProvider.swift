import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one provider type that serves every provider file, whatever it
/// declares: everything a ``Provider`` does, read from a ``ProviderFile``. A
/// file that declares paging gets `--pages` (and `--page` when pages have numbers),
/// fetched in order, each later page by number or where the answer before it says
/// (`FileProvider+AnswerPaging.swift`); one that does not asks for one page (``FileQuery/pages`` is 1), so the host's
/// paging is the same single request as for any provider that does not page.
struct FileProvider: PagedProvider {
    typealias Query = FileQuery
    typealias Response = FileAnswer

    let file: ProviderFile
    /// Where the file was read from, for help and messages.
    let source: String
}

extension ProviderFile {
    /// The provider that serves this file.
    public func provider(source: String) -> any Provider {
        FileProvider(file: self, source: source)
    }
}

extension FileProvider {
    var descriptor: ProviderDescriptor { file.descriptor(source: source) }

    var migrations: [Migration] { FileItemSchema.migrations }

    func label(for query: FileQuery) -> String { "\"" + query.words + "\"" }

    func persist(_ response: FileAnswer, for query: FileQuery, in context: PersistContext) throws {
        try FileItemStore(context.transaction, provider: file.name)
            .save(response, for: query.storageKey, searchText: searchText, at: context.fetchedAt)
    }

    func load(_ query: FileQuery, from transaction: Transaction) throws -> Stored<FileAnswer>? {
        try FileItemStore(transaction, provider: file.name).search(
            query.words, answerKey: query.storageKey, limit: file.paging.map { $0.size * query.pages } ?? 100)
    }

    /// The text FTS indexes for an item: its searchable columns, one per line.
    private func searchText(_ item: FileItem) -> String {
        file.columns.filter(\.searchable).compactMap { $0.path.value(in: item.value)?.cellText }.joined(separator: "\n")
    }

    func json(_ results: [FileAnswer]) -> any Sequence<JSONValue> {
        results.lazy.flatMap(\.items).map { FileItemRendering.json($0, columns: file.columns) }
    }

    func table(_ results: [FileAnswer]) -> Table {
        FileItemRendering.table(results.flatMap(\.items), columns: file.columns)
    }
}

extension FileProvider {
    func pageCount(for query: FileQuery) -> Int { query.pages }

    /// More pages exist while this one was full, the total (if sent) reaches
    /// past it, and the API still serves the next page; for paging that follows the
    /// answer, while it names a cursor or a next URL (a `Link` header is read in `nextPage`).
    func hasMore(after response: FileAnswer, page: Int, for query: FileQuery) -> Bool {
        guard let paging = file.paging else { return false }
        if paging.style.followsAnswer { return paging.style == .link || response.next != nil }
        let absolute = query.firstPage + page
        guard absolute < paging.maxPage, response.items.count >= paging.size else { return false }
        guard let total = response.total else { return true }
        return (absolute - paging.first + 1) * paging.size < total
    }

    /// The pages' items in order, each once; the total from the first page.
    func merge(_ pages: [FileAnswer]) -> FileAnswer {
        guard var merged = pages.first else { return FileAnswer(items: []) }
        var seen = Set(merged.items.map(\.id))
        for page in pages.dropFirst() {
            merged.items += page.items.filter { seen.insert($0.id).inserted }
        }
        return merged
    }
}

extension ProviderFile {
    /// The first page's endpoint for `words` with no options: the one request
    /// `apicli provider add` makes to see what an answer looks like.
    public func sampleEndpoint(words: String) -> Endpoint {
        FileProvider(file: self, source: name)
            .request(for: FileQuery(words: words, parameters: [], firstPage: paging?.first ?? 0, pages: 1), page: 0)
    }
}
