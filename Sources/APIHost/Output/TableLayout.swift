/// Which columns a table shows and how wide each is, to fit a terminal.
///
/// Natural widths first. When they do not fit, prose (``Table/Role/flexible``)
/// gives up width first, widest first, down to a readable minimum; then short
/// text. A number with its unit (``Table/Role/measure``) is never cut: a cut
/// number is a wrong number. When that is not enough, the columns the provider
/// ranked are left out, lowest rank first, and the rest laid out again; then
/// text gives up more, down to a last-resort minimum; then columns are left
/// out from the right. A line is never wider than the terminal.
///
/// A table with a leading column (``Table/Column/leads``: NYT's headline, a provider
/// file's title) shrinks its text in one pass instead, weighted so that the leading
/// column keeps twice the share of any other and is never the narrower: the
/// section and byline give way first, then leave.
struct TableLayout: Equatable {
    /// The indices of the columns shown, in order.
    var columns: [Int]
    /// The width of each shown column, in the order of ``columns``.
    var widths: [Int]

    /// Spaces between two columns.
    static let gap = 2
    /// Flexible columns keep at least this many columns, when they had them.
    static let flexibleMinimum = 12
    /// Short text keeps at least this many, when it had them.
    static let textMinimum = 6
    /// Below this a cell shows nothing useful.
    static let lastResortMinimum = 3

    /// The layout of columns with `natural` widths (`roles` and `dropRanks` in
    /// the same order) in `available` columns.
    static func fit(
        natural: [Int], roles: [Table.Role], dropRanks: [Int?], available: Int, leads: [Bool] = []
    ) -> TableLayout {
        let leads = natural.indices.map { $0 < leads.count && leads[$0] }
        let available = max(1, available)
        var shown = Array(natural.indices)
        while true {
            let readable = shrink(shown, natural: natural, roles: roles, leads: leads, available: available, lastResort: false)
            if total(readable) <= available { return TableLayout(columns: shown, widths: readable) }
            let ranked = shown.filter { dropRanks[$0] != nil }
            // Lowest rank first; of equal ranks, the rightmost.
            if let drop = ranked.min(by: { (dropRanks[$0] ?? 0, -$0) < (dropRanks[$1] ?? 0, -$1) }) {
                shown.removeAll { $0 == drop }
                continue
            }
            let tight = shrink(shown, natural: natural, roles: roles, leads: leads, available: available, lastResort: true)
            if total(tight) <= available { return TableLayout(columns: shown, widths: tight) }
            guard shown.count > 1 else { return TableLayout(columns: shown, widths: [available]) }
            shown.removeLast()
        }
    }

    /// The widths of `shown` columns after shrinking what may shrink, at most down to the minimums.
    private static func shrink(
        _ shown: [Int], natural: [Int], roles: [Table.Role], leads: [Bool], available: Int, lastResort: Bool
    ) -> [Int] {
        let base = shown.map { natural[$0] }
        var widths = base
        var excess = total(widths) - available
        guard excess > 0 else { return widths }
        let role = shown.map { roles[$0] }
        let lead = shown.map { leads[$0] }
        if lead.contains(true) {
            return weighted(widths, role: role, lead: lead, excess: excess, lastResort: lastResort)
        }
        var passes: [(eligible: (Int) -> Bool, minimum: Int)] = [
            ({ role[$0] == .flexible }, flexibleMinimum),
            ({ role[$0] == .text || role[$0] == .wideOnly }, textMinimum),
        ]
        if lastResort { passes.append(({ role[$0] != .measure }, lastResortMinimum)) }
        for pass in passes where excess > 0 {
            let floors = base.indices.map { min(base[$0], pass.minimum) }
            while excess > 0 {
                // The widest column still above its floor gives up width, down to the
                // next-widest (so wide columns converge on an equal width), one at a time.
                let candidates = widths.indices.filter { pass.eligible($0) && widths[$0] > floors[$0] }
                guard let widest = candidates.max(by: { widths[$0] < widths[$1] || (widths[$0] == widths[$1] && $0 > $1) })
                else { break }
                let runnerUp = candidates.filter { $0 != widest }.map { widths[$0] }.max() ?? floors[widest]
                let step = max(1, min(excess, widths[widest] - max(runnerUp, floors[widest])))
                widths[widest] -= step
                excess -= step
            }
        }
        return widths
    }

    /// Text shrinks one column at a time, the one with the widest share first, where a
    /// leading column's share is half its width: it ends about twice as wide as the others,
    /// and its floor is never below theirs, so it is never the narrower.
    private static func weighted(
        _ start: [Int], role: [Table.Role], lead: [Bool], excess initial: Int, lastResort: Bool
    ) -> [Int] {
        var widths = start
        var excess = initial
        func share(_ index: Int) -> Int { lead[index] ? widths[index] / 2 : widths[index] }
        let floors = widths.indices.map { index -> Int in
            let floor = lastResort ? lastResortMinimum : lead[index] || role[index] == .flexible ? flexibleMinimum : textMinimum
            return min(start[index], floor)
        }
        let eligible = widths.indices.filter { role[$0] != .measure }
        while excess > 0 {
            let candidates = eligible.filter { widths[$0] > floors[$0] }
            guard let widest = candidates.max(by: { share($0) < share($1) || (share($0) == share($1) && $0 > $1) }) else { break }
            widths[widest] -= 1
            excess -= 1
        }
        return widths
    }

    /// The width of a line: the columns and the gaps between them.
    private static func total(_ widths: [Int]) -> Int {
        widths.reduce(max(0, widths.count - 1) * gap, +)
    }
}
