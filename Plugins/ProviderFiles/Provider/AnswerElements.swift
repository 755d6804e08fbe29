import APICore

/// The objects an answer's items are made of, read by the file's ``ItemsShape``:
/// the objects of a list, the one object of a record, or one object per index
/// of parallel arrays. A shape the answer does not have is the file's fault
/// (exit 78, naming the field), not the server's.
struct AnswerElements {
    let shape: ItemsShape
    /// How the file is named in messages.
    let source: String
    let providerName: String

    /// The elements, and how many of a list's were not objects.
    func read(_ document: JSONValue) throws -> (elements: [JSONValue], skipped: Int) {
        guard let found = shape.value(in: document) else {
            let nearest = shape.nearestExisting(in: document)
            let at = nearest.found.isEmpty ? "it" : "'\(nearest.found)'"
            let has = nearest.names.isEmpty ? "" : " (\(at) has: \(nearest.names.prefix(8).joined(separator: ", ")))"
            throw misdescribed("the answer has no '\(shape)'\(has)")
        }
        let place = shape.path.map { "'\($0)' in the answer" } ?? "the answer"
        switch shape.kind {
        case .list:
            guard case let .array(elements) = found else { throw misdescribed("\(place) is not an array") }
            let objects = elements.filter { if case .object = $0 { true } else { false } }
            return (objects, elements.count - objects.count)
        case .record:
            guard case .object = found else { throw misdescribed("\(place) is not an object") }
            return ([found], 0)
        case .parallel:
            let arrays = found.members.compactMap { member -> (String, [JSONValue])? in
                guard case let .array(values) = member.value else { return nil }
                return (member.key, values)
            }
            guard !arrays.isEmpty else { throw misdescribed("\(place) holds no arrays") }
            let count = arrays.map(\.1.count).max() ?? 0
            // Index i of every array, under the array's name; a shorter array gives null.
            let elements = (0..<count).map { index in
                JSONValue.object(arrays.map { name, values in
                    JSONValue.Member(name, values.indices.contains(index) ? values[index] : .null)
                })
            }
            return (elements, 0)
        }
    }

    private func misdescribed(_ problem: String) -> ProviderFailure {
        ProviderFailure.misdescribed(
            "\(source): items: \(problem); fix the file and check it with "
                + "'apicli provider check \(providerName) --sample FILE'")
    }
}
