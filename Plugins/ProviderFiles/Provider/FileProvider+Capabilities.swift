import APICore

/// What a provider file does beyond the four steps: it pages as the file says, by
/// number or where the answer puts the next page (`+AnswerPaging`), labels a query by
/// its operation and words, shows a record as field rows, and hands `--fields` and
/// `--template` its items whole, so any key path of them works.
extension FileProvider {
    var capabilities: Capabilities<Self> {
        var made = Capabilities<Self>(
            paging: Paging(
                pageCount: pageCount(for:), hasMore: hasMore(after:page:for:), merge: merge,
                nextPage: nextPage(after:links:page:for:), repeats: repeats(_:previous:for:)),
            label: label(for:),
            terminalView: view(_:on:),
            scriptingElements: scriptingElements,
            items: items)
        made.asOf = { query, time, transaction in try load(query, asOf: time, from: transaction) }
        return made
    }
}
