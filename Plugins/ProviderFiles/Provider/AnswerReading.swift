import APICore

/// Reads an answer by the shape that fits it: the file's `items` first, then the
/// shapes answers were seen in before (`itemsSeen`, and those learnt during this
/// run), and when none fits, the shape the answer itself shows (``AnswerShapeGuess``).
///
/// A document's word about the answer is a guess made before any answer was seen,
/// so what came wins: Stack Exchange's document declares a bare list and every
/// answer wraps it in `items`; Open-Meteo's answer has no `hourly` when no hourly
/// variable was asked for. A shape read anew is ``Read/learnt``: the caller says
/// so once and remembers it (``ShapeMemory``).
///
/// Only an answer that has no items at all (a bare string or number where the file
/// expects a list), or a small object that looks like an error, is the file's fault
/// as before (exit 78, naming `items`): apicli never learns the shape of an error.
struct AnswerReading {
    let operation: ProviderFile.Operation
    /// Shapes learnt during this run, after the file was read.
    let learnt: [ItemsShape]
    /// How the file is named in messages.
    let source: String
    let providerName: String

    struct Read {
        var elements: [JSONValue]
        var skipped: Int
        /// The shape the elements were read by (for `any`, the one the answer showed).
        var shape: ItemsShape
        /// A shape new to the file, which the caller reports and remembers; nil when a known one fit.
        var learnt: ItemsShape?
    }

    func read(_ document: JSONValue) throws -> Read {
        if operation.items.kind == .any {
            guard let shape = AnswerShapeGuess.shape(of: document), let found = AnswerElements(shape: shape).read(document) else {
                throw DecodeFailure("the answer is \(document.kindName), neither a record nor a list of them")
            }
            return Read(elements: found.elements, skipped: found.skipped, shape: shape, learnt: nil)
        }
        for shape in [operation.items] + operation.itemsSeen + learnt {
            if let found = AnswerElements(shape: shape).read(document) {
                return Read(elements: found.elements, skipped: found.skipped, shape: shape, learnt: nil)
            }
        }
        guard let shape = AnswerShapeGuess.shape(of: document), !(shape.kind == .record && Self.looksLikeError(document)),
              let found = AnswerElements(shape: shape).read(document)
        else {
            throw misdescribed(AnswerElements(shape: operation.items).mismatch(in: document))
        }
        return Read(elements: found.elements, skipped: found.skipped, shape: shape, learnt: shape)
    }

    /// A small object that names an error (`{"error": …}`, `{"fault": …}`, `{"message": …}`):
    /// what an API sends with a success status when something went wrong, never a record to learn.
    static func looksLikeError(_ document: JSONValue) -> Bool {
        let keys = document.members.map { $0.key.lowercased() }
        return keys.count <= 4 && keys.contains { $0.containsLiteral("error") || $0.containsLiteral("fault") || $0 == "message" }
    }

    private func misdescribed(_ problem: String) -> ProviderFailure {
        ProviderFailure.misdescribed(
            "\(source): items: \(problem); fix the file and check it with "
                + "'apicli provider check \(providerName) --sample FILE'")
    }
}
