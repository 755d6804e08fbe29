/// Column widths for a table that must fit a given number of terminal columns.
///
/// Natural widths first; when they do not fit, flexible columns (headlines,
/// descriptions) give up width first, widest first, down to a readable
/// minimum; then the others; then every column down to a last-resort
/// minimum. What still does not fit overflows rather than vanishing.
struct TableLayout {
    /// Spaces between two columns.
    static let gap = 2
    /// Flexible columns keep at least this many columns, when they had them.
    static let flexibleMinimum = 12
    /// Other columns keep at least this many, when they had them.
    static let fixedMinimum = 6
    /// Below this a cell shows nothing useful.
    static let lastResortMinimum = 3

    /// `natural` widths shrunk so that the columns plus gaps fit `available`, when possible.
    static func widths(natural: [Int], flexible: [Bool], available: Int) -> [Int] {
        var widths = natural
        let gaps = max(0, natural.count - 1) * gap
        var excess = natural.reduce(gaps, +) - available
        guard excess > 0 else { return widths }
        let passes: [(eligible: (Int) -> Bool, minimum: Int)] = [
            ({ flexible[$0] }, flexibleMinimum),
            ({ !flexible[$0] }, fixedMinimum),
            ({ _ in true }, lastResortMinimum),
        ]
        for pass in passes where excess > 0 {
            let floors = natural.indices.map { min(natural[$0], pass.minimum) }
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
}
