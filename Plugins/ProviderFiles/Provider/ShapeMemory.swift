import Synchronization

/// The shapes a provider learnt from its answers during this run (``AnswerReading``),
/// per operation, and their note in the provider file (``ItemsSeenNote``): a shape
/// is said once and written once, however many pages or queries show it.
///
/// One per ``FileProvider`` value, shared by its copies; a run has one provider per file.
final class ShapeMemory: Sendable {
    private let learnt = Mutex<[String: [ItemsShape]]>([:])

    /// What became of a shape learnt anew.
    enum Outcome: Sendable, Equatable {
        /// The provider file remembers it now: later runs read such answers without a word.
        case noted(path: String)
        /// The file could not take it (a read-only folder, a file changed or removed meanwhile):
        /// this run reads by it, the next one says so again.
        case unnoted
    }

    /// The shapes learnt for `operation` during this run.
    func shapes(for operation: String) -> [ItemsShape] {
        learnt.withLock { $0[operation] ?? [] }
    }

    /// Records `shape` for `operation` and notes it in the file at `path`; nil when
    /// this run learnt it already (it was said then).
    func remember(_ shape: ItemsShape, operation: String, provider: String, path: String) -> Outcome? {
        let isNew = learnt.withLock { shapes in
            guard !(shapes[operation] ?? []).contains(shape) else { return false }
            shapes[operation, default: []].append(shape)
            return true
        }
        guard isNew else { return nil }
        return ItemsSeenNote.add(shape, operation: operation, provider: provider, at: path) ? .noted(path: path) : .unnoted
    }
}
