import APICore

/// What changed between two versions of an item: its fields (dotted paths into nested
/// objects, as `--fields` names them) added, removed, or changed from one value to another.
enum VersionDiff {
    struct Change: Sendable, Equatable {
        enum Kind: String, Sendable {
            case added, removed, changed
        }

        var kind: Kind
        var field: String
        var old: JSONValue?
        var new: JSONValue?
    }

    /// The changes from `old` to `new`, in `new`'s field order, then the fields `new` no longer has.
    static func changes(from old: JSONValue, to new: JSONValue) -> [Change] {
        let before = FlatItem(flattening: old).fields
        let after = FlatItem(flattening: new).fields
        let earlier = Dictionary(before.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let later = Set(after.map(\.name))
        var changes: [Change] = []
        for (name, value) in after {
            guard let previous = earlier[name] else {
                if value != .null { changes.append(Change(kind: .added, field: name, old: nil, new: value)) }
                continue
            }
            if previous != value {
                let kind: Change.Kind = previous == .null ? .added : value == .null ? .removed : .changed
                changes.append(Change(kind: kind, field: name, old: previous, new: value))
            }
        }
        for (name, value) in before where !later.contains(name) && value != .null {
            changes.append(Change(kind: .removed, field: name, old: value, new: nil))
        }
        return changes
    }
}
