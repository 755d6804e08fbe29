import APICore

/// How a file provider finds an answer's items when the file's word about them does
/// not fit what came (``AnswerReading``): it reads what came, says so once, and
/// notes the shape in the provider file (``ShapeMemory``).
extension FileProvider {
    func readElements(
        of document: JSONValue, for operation: ProviderFile.Operation, warnings: inout [String]
    ) throws -> AnswerReading.Read {
        let reading = AnswerReading(
            operation: operation, learnt: shapes.shapes(for: operation.name), source: source, providerName: file.name)
        let read = try reading.read(document)
        if let learnt = read.learnt,
           let outcome = shapes.remember(learnt, operation: operation.name, provider: file.name, path: source) {
            warnings.append(Self.learntWarning(learnt, instead: operation.items, operation: operation, file: file, outcome: outcome))
        }
        return read
    }

    /// `the answer to 'questions' came as a list under 'items', not as a bare list as the file says; …`.
    static func learntWarning(
        _ learnt: ItemsShape, instead declared: ItemsShape, operation: ProviderFile.Operation, file: ProviderFile,
        outcome: ShapeMemory.Outcome
    ) -> String {
        let whose = file.operations.count > 1 ? "the answer to '\(operation.name)'" : "the \(file.serviceName) answer"
        let what = "\(whose) came as \(learnt.phrase), not as \(declared.phrase) as the file says; read as it came"
        switch outcome {
        case let .noted(path): return what + ", and noted in \(path) (itemsSeen) for next time"
        case .unnoted: return what + " (the provider file could not be updated, so this is said again next time)"
        }
    }

    /// Whether `results` show as a record: each answer was read as one (``FileAnswer/isRecord``).
    func showsRecords(_ results: [FileAnswer]) -> Bool {
        !results.isEmpty && results.allSatisfy(\.isRecord)
    }

    /// Whether an answer of `operation` stored under its request is always one whole answer
    /// (a record, parallel arrays), never items that words find among other answers'.
    static func isAlwaysWhole(_ operation: ProviderFile.Operation) -> Bool {
        ([operation.items] + operation.itemsSeen).allSatisfy(\.isWholeAnswer)
    }

    /// A stored answer marked as it was read: a record when its items carry the record id,
    /// or, for a store written before the mark, when the operation's answers are only ever records.
    static func marking(_ answer: FileAnswer, of operation: ProviderFile.Operation) -> FileAnswer {
        var answer = answer
        let onlyRecords = ([operation.items] + operation.itemsSeen).allSatisfy { $0.kind == .record }
        answer.isRecord = !answer.items.isEmpty && (answer.items.allSatisfy { RecordID.marks($0.id) } || onlyRecords)
        return answer
    }
}
