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
    /// Built once: a file of hundreds of operations is described once per run, not per look.
    let descriptor: ProviderDescriptor

    init(file: ProviderFile, source: String) {
        self.file = file
        self.source = source
        self.descriptor = file.descriptor(source: source)
    }
}

extension ProviderFile {
    /// The provider that serves this file.
    public func provider(source: String) -> any Provider {
        FileProvider(file: self, source: source)
    }
}

extension FileProvider {
    var migrations: [Migration] { FileItemSchema.migrations }

    /// `"rust async"`, or `lists-list 2018-04-01 "words"` for an operation of several; the provider's name when empty.
    func label(for query: FileQuery) -> String {
        let words = query.words.isEmpty ? [] : ["\"" + query.words + "\""]
        let parts = (query.operation.isEmpty ? [] : [query.operation]) + query.arguments + words
        return parts.isEmpty ? file.name : parts.joined(separator: " ")
    }

    /// The operation a query asks: by name, or the file's only one.
    func operation(_ query: FileQuery) -> ProviderFile.Operation {
        file.operations.first { $0.name == query.operation } ?? file.primary
    }

    /// The operation whose columns render `results`: the one that answered them.
    private func operation(of results: [FileAnswer]) -> ProviderFile.Operation {
        file.operations.first { $0.name == results.first?.operation } ?? file.primary
    }

    /// Items are stored under `<operation>:<id>` when the file has several
    /// operations, so that one operation's item never replaces another's of the same id.
    private func storedID(_ id: String, _ query: FileQuery) -> String {
        query.operation.isEmpty ? id : query.operation + ":" + id
    }

    func persist(_ response: FileAnswer, for query: FileQuery, in context: PersistContext) throws {
        var stored = response
        stored.items = response.items.map { FileItem(id: storedID($0.id, query), value: $0.value) }
        let columns = operation(query).columns
        try FileItemStore(context.transaction, provider: file.name)
            .save(stored, for: query.storageKey, searchText: { searchText($0, columns: columns) }, at: context.fetchedAt)
    }

    func load(_ query: FileQuery, from transaction: Transaction) throws -> Stored<FileAnswer>? {
        let paging = operation(query).paging
        guard var stored = try FileItemStore(transaction, provider: file.name).search(
            query.words, answerKey: query.storageKey, limit: paging.map { $0.size * query.pages } ?? 100)
        else { return nil }
        if !query.operation.isEmpty {
            // Only this operation's items; the word search also finds the others'.
            let prefix = query.operation + ":"
            stored.value.items = stored.value.items.filter { $0.id.hasPrefix(prefix) }
                .map { FileItem(id: String($0.id.dropFirst(prefix.count)), value: $0.value) }
        }
        stored.value.operation = query.operation
        return stored
    }

    /// The text FTS indexes for an item: its searchable columns, one per line.
    private func searchText(_ item: FileItem, columns: [ProviderFile.Column]) -> String {
        columns.filter(\.searchable).compactMap { $0.path.value(in: item.value)?.cellText }.joined(separator: "\n")
    }

    func json(_ results: [FileAnswer]) -> any Sequence<JSONValue> {
        let columns = operation(of: results).columns
        return results.lazy.flatMap(\.items).map { FileItemRendering.json($0, columns: columns) }
    }

    func table(_ results: [FileAnswer]) -> Table {
        FileItemRendering.table(results.flatMap(\.items), columns: operation(of: results).columns)
    }
}

extension FileProvider {
    func pageCount(for query: FileQuery) -> Int { query.pages }

    /// More pages exist while this one was full, the total (if sent) reaches
    /// past it, and the API still serves the next page; for paging that follows the
    /// answer, while it names a cursor or a next URL (a `Link` header is read in `nextPage`).
    func hasMore(after response: FileAnswer, page: Int, for query: FileQuery) -> Bool {
        guard let paging = operation(query).paging else { return false }
        if paging.style.followsAnswer { return paging.style == .link || response.next != nil }
        let absolute = query.firstPage + page
        guard absolute < paging.maxPage, response.items.count >= paging.size else { return false }
        guard let total = response.total else { return true }
        return (absolute - paging.first + 1) * paging.size < total
    }

    /// The pages' items in order, each once; the total from the first page.
    func merge(_ pages: [FileAnswer]) -> FileAnswer {
        guard var merged = pages.first else { return FileAnswer(items: [], operation: "") }
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
            .request(for: FileQuery(words: words, parameters: [], firstPage: primary.paging?.first ?? 0, pages: 1), page: 0)
    }
}
