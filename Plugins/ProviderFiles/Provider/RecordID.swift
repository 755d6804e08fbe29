/// The stored id of an answer read as one record: `record:` and a hash of the request
/// it answered, so that the store says, for `--offline` and the stale fallback, that
/// this answer was a record even when the operation's answers can be lists too (an
/// answer taken as it comes, or a shape learnt from what came).
enum RecordID {
    static let prefix = "record:"

    static func make(answerKey: String) -> String {
        prefix + ContentHash.of(.string(answerKey))
    }

    /// Whether `id` (without the operation's prefix) was made here.
    static func marks(_ id: String) -> Bool {
        id.hasPrefix(prefix)
    }
}
