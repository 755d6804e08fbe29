import APICore

/// What NYT does beyond the four steps, each part the methods beside it: it pages
/// (`+Request`), stores a page while it reads it and a large one while it arrives
/// (`+Batches`, `+Streaming`), reads the gateway's error bodies (`+Failure`), labels a
/// search by its words, draws its own view, writes its articles' JSON from their packed
/// text, and says what an article item is (`+Items`) and what its tables hold (`+Schema`).
/// Nothing of an answer ages, and a search needs no lookup first.
extension NYTProvider {
    public var capabilities: Capabilities<Self> {
        var made = Capabilities<Self>(
            paging: Paging(pageCount: pageCount(for:), hasMore: hasMore(after:page:for:), merge: merge),
            batchStoring: BatchStoring(
                persistBody: persistBody(_:for:page:in:warnings:), replaceAnswer: replaceAnswer(with:for:in:),
                streaming: ItemStreaming(
                    bodyDecoder: bodyDecoder(for:page:keepingItems:), printing: response(printing:for:page:),
                    store: storeStreamed(_:for:page:in:))),
            failure: failure(status:body:for:),
            label: label(for:),
            terminalView: view(_:on:),
            jsonObjects: jsonObjects,
            items: items,
            tableNotes: tableNotes)
        made.asOf = { query, time, transaction in try ArticleStore(transaction).search(query, asOf: time) }
        return made
    }
}
