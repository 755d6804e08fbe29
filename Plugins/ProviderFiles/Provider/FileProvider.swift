import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one provider type that serves every provider file, whatever it
/// declares: everything a ``Provider`` does, read from a ``ProviderFile``. A
/// file that declares paging gets `--page` and `--pages`, fetched in order; one
/// that does not asks for one page (``FileQuery/pages`` is 1), so the host's
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

    /// A list's stored answer and the items its words find; a record or parallel
    /// arrays, only the answer stored under this very query.
    func load(_ query: FileQuery, from transaction: Transaction) throws -> Stored<FileAnswer>? {
        let store = FileItemStore(transaction, provider: file.name)
        if file.items.isWholeAnswer { return try store.search("", answerKey: query.storageKey, limit: 0) }
        return try store.search(query.words, answerKey: query.storageKey, limit: file.paging.map { $0.size * query.pages } ?? 100)
    }

    /// The text FTS indexes for an item: its searchable columns, one per line.
    private func searchText(_ item: FileItem) -> String {
        file.columns.filter(\.searchable).compactMap { $0.path.value(in: item.value)?.cellText }.joined(separator: "\n")
    }

    /// A record as sent; a list's or parallel arrays' items as `id` and the columns.
    func json(_ results: [FileAnswer]) -> any Sequence<JSONValue> {
        if file.items.kind == .record { return results.lazy.flatMap(\.items).map(\.value) }
        return results.lazy.flatMap(\.items).map { FileItemRendering.json($0, columns: file.columns) }
    }

    /// The columns are the declared fields; any other key path of the stored item works too.
    var items: ItemShape {
        let declared = file.items.kind == .record ? [] : [FieldMeaning("id", "the item's id")] + file.columns.map {
            FieldMeaning($0.name, "\($0.kind.rawValue), from '\($0.path)' of the answer")
        }
        return ItemShape(
            meanings: declared,
            otherFields: "Any other key path of an item in the answer works too (such as owner.login).")
    }

    /// Each item whole under its columns: `--fields` and `--template` take any key path of it.
    func scriptingElements(_ results: [FileAnswer]) -> any Sequence<JSONValue> {
        if file.items.kind == .record { return json(results) }
        return results.lazy.flatMap(\.items).map { item in
            FileItemRendering.whole(item, columns: file.columns)
        }
    }

    func table(_ results: [FileAnswer]) -> Table {
        if file.items.kind == .record { return RecordRendering.table(results.flatMap(\.items)) }
        return FileItemRendering.table(results.flatMap(\.items), columns: file.columns)
    }

    func view(_ results: [FileAnswer], on terminal: Terminal) -> [TerminalView] {
        if file.items.kind == .record { return [TerminalView(table: RecordRendering.fieldRows(results.flatMap(\.items)))] }
        return [TerminalView(table: table(results))]
    }
}

extension FileProvider {
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

extension ProviderFile {
    /// The first page's endpoint for `words` with no options: the one request
    /// `apicli provider add` makes to see what an answer looks like.
    public func sampleEndpoint(words: String) -> Endpoint {
        FileProvider(file: self, source: name)
            .request(for: FileQuery(words: words, parameters: [], firstPage: paging?.first ?? 0, pages: 1), page: 0)
    }
}
