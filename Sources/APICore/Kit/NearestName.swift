/// The known name closest to a mistyped one, for "did you mean" hints:
/// `unknown option --unts; did you mean --units?`.
///
/// Distance is Damerau–Levenshtein (optimal string alignment: insertions,
/// deletions, substitutions and swaps of neighbours each cost 1), ignoring
/// case. A name is suggested only when it is close for its length (1 edit up
/// to 4 letters, 2 up to 8, 3 beyond), so nonsense gets no suggestion;
/// failing that, a name that the input is the unique start of (`wea` →
/// `weather`). Ties go to the earlier candidate, so hints are deterministic.
public enum NearestName {
    public static func suggest(_ input: String, among candidates: [String]) -> String? {
        let typed = Array(input.lowercased())
        guard !typed.isEmpty else { return nil }
        let core = typed.drop { $0 == "-" }.count
        let threshold = core <= 4 ? 1 : core <= 8 ? 2 : 3
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = self.distance(typed, Array(candidate.lowercased()))
            guard distance > 0 || candidate != input else { continue }
            if distance <= threshold, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        if let best { return best.name }
        guard core >= 2 else { return nil }
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(input.lowercased()) && $0 != input }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Optimal-string-alignment distance between two strings of characters.
    public static func distance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var previousPrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[rhs.count]
    }
}
