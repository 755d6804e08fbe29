import APICore

/// Where an answer's items are, read from the answer itself rather than from a
/// document: what apicli falls back on when the shape a file declares does not fit
/// what came (Stack Exchange's document declares a bare list; every answer wraps it
/// in `items`), and every time for an operation whose document declares no schema.
///
/// Most specific first:
/// - a bare array: a list;
/// - an array under a name that says "the list" (`items`, `data`, `results`…, as the
///   importer's ``AnswerSchema/listNames``), or the one array of objects of a small
///   envelope when it holds most of the answer (more than half of its JSON: a GeoJSON
///   `geometry.geometries` beside a forecast is not the list), breadth first, going down
///   only through small envelopes: a list there;
/// - an object of two or more arrays, one named `time`: parallel arrays there;
/// - any other object: one record.
///
/// A scalar answer (`"ok"`, `42`) has no items: nil.
public enum AnswerShapeGuess {
    /// An object of at most this many members is an envelope around what it holds.
    static let maxEnvelope = AnswerSchema.maxEnvelope
    /// How many objects down a list is looked for.
    static let maxLevels = 3

    public static func shape(of answer: JSONValue) -> ItemsShape? {
        switch answer {
        case .array: return ItemsShape(.list, at: nil)
        case .object: break
        default: return nil
        }
        let whole = answer.serialized(pretty: false).utf8.count
        var queue: [(path: [String], value: JSONValue)] = [([], answer)]
        var parallel: KeyPath?
        var next = 0
        while next < queue.count {
            let (path, value) = queue[next]
            next += 1
            let members = value.members
            let envelope = members.count <= maxEnvelope
            let arraysOfObjects = members.filter { isArrayOfObjects($0.value) }
            for member in members {
                guard !member.key.isEmpty, !member.key.containsLiteral("."),
                      let keyPath = KeyPath((path + [member.key]).joined(separator: "."))
                else { continue }
                if case .array = member.value {
                    let named = AnswerSchema.listNames.contains(member.key) && (isArrayOfObjects(member.value) || isEmptyArray(member.value))
                    let only = envelope && arraysOfObjects.count == 1 && isArrayOfObjects(member.value)
                        && member.value.serialized(pretty: false).utf8.count * 2 > whole
                    if named || only { return .list(keyPath) }
                } else if case .object = member.value {
                    if parallel == nil, isParallel(member.value) { parallel = keyPath }
                    if envelope, path.count + 1 < maxLevels { queue.append((path + [member.key], member.value)) }
                }
            }
        }
        if let parallel { return ItemsShape(.parallel, at: parallel) }
        return ItemsShape(.record, at: nil)
    }

    private static func isArrayOfObjects(_ value: JSONValue) -> Bool {
        guard case let .array(elements) = value, let first = elements.first, case .object = first else { return false }
        return true
    }

    private static func isEmptyArray(_ value: JSONValue) -> Bool {
        if case let .array(elements) = value { return elements.isEmpty }
        return false
    }

    /// Two or more arrays of scalars, one of them `time` (Open-Meteo's `hourly`, `daily`).
    private static func isParallel(_ value: JSONValue) -> Bool {
        let arrays = value.members.filter { member in
            guard case let .array(elements) = member.value else { return false }
            return elements.allSatisfy(\.isScalar)
        }
        return arrays.count >= 2 && arrays.contains { $0.key == "time" }
    }
}
