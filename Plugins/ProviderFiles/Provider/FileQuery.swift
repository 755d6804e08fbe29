import APICore

/// One search of a file provider: the words, the options as they go on the
/// wire, and which pages.
struct FileQuery: Sendable, Hashable {
    /// Which of the file's operations; its name.
    var operation: String = ""
    /// The path arguments' values, in the operation's order, as typed.
    var arguments: [String] = []
    var words: String
    /// The options' query parameters, in the file's order, values already in wire format.
    var parameters: [QueryItem]
    /// The first page, as the API counts (paging's `first` when not given).
    var firstPage: Int
    var pages: Int

    /// What identifies the answer in the store: everything that changes what the API returns.
    /// Operations and arguments are part of it, so that one operation's answer never replaces another's;
    /// a one-operation file's key is the same as before operations.
    var storageKey: String {
        let operation = self.operation.isEmpty ? [] : ["operation=" + self.operation] + arguments.map { "argument=" + $0 }
        return (operation + [words] + parameters.map { "\($0.name)=\($0.value)" } + ["page=\(firstPage)", "pages=\(pages)"])
            .joined(separator: "\u{1F}")
    }
}

/// What one query yields: the items in the API's order, and the total when the API says it.
struct FileAnswer: Sendable, Hashable {
    var items: [FileItem]
    var total: Int?
    /// The cursor to send back, or the next page's URL, when the file's paging reads one from
    /// the answer (``ProviderFile/Paging/nextInAnswer(_:)``); nil: this was the last page. Not stored.
    var next: String? = nil
    /// The operation that answered (its query's ``FileQuery/operation``), whose columns show it.
    var operation: String = ""
}

/// One result: its id (from the file's `id` path, or its content hash) and the item as sent.
struct FileItem: Sendable, Hashable {
    var id: String
    var value: JSONValue
}
