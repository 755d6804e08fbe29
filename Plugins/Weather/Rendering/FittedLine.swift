import APICore

/// A header line made of facts that each either show whole or not at all: when
/// the terminal is too narrow, the fact of lowest priority is left out, then the
/// next, so no value is ever cut with `…` (`local ti…`, a lost maximum).
enum FittedLine {
    /// `facts` (text and priority, 0 the most important) in their order, without those
    /// of lowest priority that do not fit in `width` joined by ` · ` (` | ` in ASCII); none
    /// when not even the most important fits.
    static func facts(_ facts: [(text: String, priority: Int)], width: Int) -> [String] {
        var kept = facts.filter { !$0.text.isEmpty }
        while !kept.isEmpty, self.width(of: kept.map(\.text)) > width,
            let lowest = kept.indices.max(by: { kept[$0].priority < kept[$1].priority }) {
            kept.remove(at: lowest)
        }
        return kept.map(\.text)
    }

    /// The display width of `texts` joined by a three-column separator.
    static func width(of texts: [String]) -> Int {
        texts.reduce(max(0, texts.count - 1) * 3) { $0 + DisplayWidth.of($1) }
    }

    /// The first of `choices` (widest first) that fits in `width`; the last when none does.
    static func first(_ choices: [String], fitting width: Int) -> String {
        choices.first { DisplayWidth.of($0) <= width } ?? choices.last ?? ""
    }
}
