import APICore

/// The objects an answer's items are made of, read by one ``ItemsShape``: the
/// objects of a list, the one object of a record, or one object per index of
/// parallel arrays. Which shape to read by is ``AnswerReading``'s choice.
struct AnswerElements {
    let shape: ItemsShape

    /// The elements, and how many of a list's were not objects; nil when the answer
    /// does not have this shape (``mismatch(in:)`` says why).
    func read(_ document: JSONValue) -> (elements: [JSONValue], skipped: Int)? {
        guard let found = shape.value(in: document) else { return nil }
        switch shape.kind {
        case .list:
            guard case let .array(elements) = found else { return nil }
            let objects = elements.filter { if case .object = $0 { true } else { false } }
            return (objects, elements.count - objects.count)
        case .record:
            guard case .object = found else { return nil }
            return ([found], 0)
        case .parallel:
            let arrays = found.members.compactMap { member -> (String, [JSONValue])? in
                guard case let .array(values) = member.value else { return nil }
                return (member.key, values)
            }
            guard !arrays.isEmpty else { return nil }
            let count = arrays.map(\.1.count).max() ?? 0
            // Index i of every array, under the array's name; a shorter array gives null.
            let elements = (0..<count).map { index in
                JSONValue.object(arrays.map { name, values in
                    JSONValue.Member(name, values.indices.contains(index) ? values[index] : .null)
                })
            }
            return (elements, 0)
        case .any:
            return AnswerShapeGuess.shape(of: document).flatMap { AnswerElements(shape: $0).read(document) }
        }
    }

    /// Why the answer does not have this shape, for a message: what is missing, and what is there instead.
    func mismatch(in document: JSONValue) -> String {
        guard let found = shape.value(in: document) else {
            let nearest = shape.nearestExisting(in: document)
            let at = nearest.found.isEmpty ? "it" : "'\(nearest.found)'"
            let has = nearest.names.isEmpty ? "" : " (\(at) has: \(nearest.names.prefix(8).joined(separator: ", ")))"
            return "the answer has no '\(shape)'\(has)"
        }
        let place = shape.path.map { "'\($0)' in the answer" } ?? "the answer"
        let has = found.members.isEmpty ? "" : " (it has: \(found.members.prefix(8).map(\.key).joined(separator: ", ")))"
        switch shape.kind {
        case .list: return "\(place) is not an array\(has)"
        case .record: return "\(place) is not an object"
        case .parallel: return "\(place) holds no arrays\(has)"
        case .any: return "\(place) is \(found.kindName), neither a record nor a list"
        }
    }
}

extension JSONValue {
    /// `an array`, `a string`…: what a message calls this value.
    var kindName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .int, .double: "a number"
        case .bool: "true or false"
        case .null: "null"
        }
    }
}
