#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What both file providers share: everything a ``Provider`` does, read from a
/// ``ProviderFile``. ``FileProvider`` serves files without paging and
/// ``PagedFileProvider`` files that declare it, so the host pages exactly the
/// providers whose files say the API pages.
protocol FileBackedProvider: Provider where Query == FileQuery, Response == FileAnswer {
    var file: ProviderFile { get }
    /// Where the file was read from, for help and messages.
    var source: String { get }
}

/// A provider file without paging: one request per search.
struct FileProvider: FileBackedProvider {
    let file: ProviderFile
    let source: String
}

/// A provider file that declares paging: `--page` and `--pages`, fetched in order.
struct PagedFileProvider: FileBackedProvider, PagedProvider {
    let file: ProviderFile
    let source: String
}

extension ProviderFile {
    /// The provider that serves this file: paged when the file declares paging.
    func provider(source: String) -> any Provider {
        paging == nil ? FileProvider(file: self, source: source) : PagedFileProvider(file: self, source: source)
    }
}

extension FileBackedProvider {
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

extension PagedFileProvider {
    func pageCount(for query: FileQuery) -> Int { query.pages }

    /// More pages exist while this one was full, the total (if sent) reaches
    /// past it, and the API still serves the next page.
    func hasMore(after response: FileAnswer, page: Int, for query: FileQuery) -> Bool {
        guard let paging = file.paging else { return false }
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
