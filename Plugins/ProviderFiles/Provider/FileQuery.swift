import APICore

/// One search of a file provider: the words, the options as they go on the
/// wire, and which pages.
struct FileQuery: Sendable, Hashable {
    /// Which of the file's operations, by name; empty for a file's only one.
    var operation: String = ""
    /// The path arguments' values, in the operation's order, in wire form.
    var arguments: [String] = []
    var words: String
    /// The options' query parameters, in the file's order, values already in wire format.
    var parameters: [QueryItem]
    /// The first page, as the API counts (paging's `first` when not given).
    var firstPage: Int
    var pages: Int
    /// The body options' values, in the file's order: a JSON body, and part of ``answerKey``.
    var body: [BodyField] = []

    /// What identifies the answer in the store: the request in its canonical form
    /// (``AnswerKey``), so that no request is ever answered with another's answer.
    var storageKey: String { answerKey.text }

    var answerKey: AnswerKey { AnswerKey(self) }
}

/// One member of a request body: an option sent `in: body`, its value typed as the option is.
struct BodyField: Sendable, Hashable {
    var name: String
    var value: JSONValue
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
    /// Whether the answer was read as one record (``RecordID``), which shows as fields, not as rows of items.
    var isRecord = false
}

/// One result: its id (from the file's `id` path, or its content hash) and the item as sent.
struct FileItem: Sendable, Hashable {
    var id: String
    var value: JSONValue
}
