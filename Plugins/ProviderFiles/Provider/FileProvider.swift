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
struct FileProvider: Provider {
    typealias Query = FileQuery
    typealias Response = FileAnswer

    let file: ProviderFile
    /// Where the file was read from, for help and messages.
    let source: String
    /// Built once: a file of hundreds of operations is described once per run, not per look.
    let descriptor: ProviderDescriptor
    /// The shapes this run learnt from answers the file's `items` did not fit (`FileProvider+Shape.swift`).
    let shapes = ShapeMemory()

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

    /// A list's stored answer and the items its words find among those of requests
    /// that differ from it only in their words; a record or parallel arrays, only the
    /// answer stored under this very request.
    func load(_ query: FileQuery, from transaction: any StoreTransaction) throws -> Stored<FileAnswer>? {
        try load(query, asOf: nil, from: transaction)
    }

    /// The same, with each item as its version current at `asOf` when given (`--offline --as-of`).
    func load(_ query: FileQuery, asOf: Date?, from transaction: any StoreTransaction) throws -> Stored<FileAnswer>? {
        let operation = self.operation(query)
        var store = FileItemStore(transaction, provider: file.name)
        store.asOf = asOf
        let stored: Stored<FileAnswer>?
        if Self.isAlwaysWhole(operation) {
            stored = try store.search("", answer: query.answerKey, limit: 0)
        } else {
            stored = try store.search(
                query.words, answer: query.answerKey, limit: operation.paging.map { $0.size * query.pages } ?? 100)
        }
        guard var stored else { return nil }
        if !query.operation.isEmpty {
            // Only this operation's items; the word search also finds the others'.
            let prefix = query.operation + ":"
            stored.value.items = stored.value.items.filter { $0.id.hasPrefix(prefix) }
                .map { FileItem(id: String($0.id.dropFirst(prefix.count)), value: $0.value) }
        }
        stored.value.operation = query.operation
        stored.value = Self.marking(stored.value, of: operation)
        return stored
    }

    /// The text FTS indexes for an item: its searchable columns, one per line.
    private func searchText(_ item: FileItem, columns: [ProviderFile.Column]) -> String {
        columns.filter(\.searchable).compactMap { $0.path.value(in: item.value)?.cellText }.joined(separator: "\n")
    }

    /// Each item whole, as sent: a record, or each item of a list or of parallel arrays.
    /// `--fields` narrows it (``scriptingElements(_:)``).
    func json(_ results: [FileAnswer]) -> any Sequence<JSONValue> {
        results.lazy.flatMap(\.items).map(\.value)
    }

    /// The columns are the declared fields (of the only operation; a provider of several
    /// declares none here); any other key path of the stored item works too. An item is
    /// told apart (`--new`) by the file's `id` path, which the item as sent and the item
    /// under its columns both hold, whatever order the server writes its members in.
    var items: ItemShape {
        let single = file.operations.count == 1 ? file.primary : nil
        let declared = single.map { operation in
            operation.items.kind == .record || operation.items.kind == .any ? [] : [FieldMeaning("id", "the item's id")] + operation.columns.map {
                FieldMeaning($0.name, "\($0.kind.rawValue), from '\($0.path)' of the answer")
            }
        } ?? []
        let identity = single?.id.map { [$0.description] } ?? ["id"]
        return ItemShape(
            identity: identity,
            meanings: declared,
            otherFields: "Any other key path of an item in the answer works too (such as owner.login).")
    }

    /// Each item whole under its columns: `--fields` and `--template` take any key path of it.
    func scriptingElements(_ results: [FileAnswer]) -> any Sequence<JSONValue> {
        if showsRecords(results) { return json(results) }
        let items = results.flatMap(\.items)
        let columns = FileItemRendering.columns(operation(of: results).columns, for: items)
        return items.lazy.map { item in FileItemRendering.whole(item, columns: columns) }
    }

    /// CSV: a record's every field in one row; items one row each, under the names
    /// `--fields` takes, every value whole (a timestamp keeps its time).
    func table(_ results: [FileAnswer]) -> Table {
        if showsRecords(results) { return RecordRendering.table(results.flatMap(\.items)) }
        let items = results.flatMap(\.items)
        return FileItemRendering.csv(items, columns: FileItemRendering.columns(operation(of: results).columns, for: items))
    }

    /// A terminal: a record as field rows (or as the items of its one main array, under its
    /// other fields); items as rows under their columns, a date as its day.
    func view(_ results: [FileAnswer], on terminal: Terminal) -> [TerminalView] {
        if showsRecords(results) { return results.flatMap(\.items).map { RecordRendering.view($0.value) } }
        let items = results.flatMap(\.items)
        let columns = FileItemRendering.columns(operation(of: results).columns, for: items)
        return [TerminalView(table: FileItemRendering.table(items, columns: columns), notes: shownOfTotal(results))]
    }
}

extension FileProvider {
    func pageCount(for query: FileQuery) -> Int { query.pages }

    /// Whether to ask where the next page is: for a cursor or a `next` URL, while the answer
    /// names one; for `link`, `page` and `offset` paging always, since a `Link` header, which
    /// only ``nextPage(after:links:page:for:)`` sees, may name it (`+AnswerPaging`).
    func hasMore(after response: FileAnswer, page: Int, for query: FileQuery) -> Bool {
        guard let paging = operation(query).paging else { return false }
        return paging.style == .cursor || paging.style == .next ? response.next != nil : true
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
