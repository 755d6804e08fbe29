import APICore

/// A value typed for an option or argument that has a ``ParameterPattern``: read by its
/// type as any value is, and then held to the pattern.
///
/// A date keeps what a date option does (either spelling typed, sent in the file's
/// format), and also takes a word the pattern allows that is no date: NYT Books'
/// `{date}` is `^(\d{4}-\d{2}-\d{2}|current)$`, and its text says to use `current`, so
/// `current` is sent as typed while `2024-01-31` or `20240131` go as `2024-01-31`.
enum PatternedValue {
    enum Checked: Equatable {
        /// What is sent.
        case sent(String)
        /// Why not, as the words that follow the option's name (`must match …, not 'x'`).
        case refused(String)
    }

    static func check(_ text: String, type: ProviderFile.OptionType, pattern: ParameterPattern) -> Checked {
        let mismatch = Checked.refused("must match the pattern \(pattern.source), not '\(text)'")
        switch type {
        case .text, .choice:
            return pattern.matches(text) ? .sent(text) : mismatch
        case let .integer(minimum, maximum):
            let range = (minimum ?? Int(Int32.min))...(maximum ?? Int(Int32.max))
            guard let number = Int(text), range.contains(number) else {
                return .refused("must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
            }
            return pattern.matches(String(number)) ? .sent(String(number)) : mismatch
        case let .date(format):
            if let date = CalendarDate(parsing: text.trimmed(.whitespaces)) {
                let wire = DateWireFormat.format(date, as: format)
                return pattern.matches(wire) ? .sent(wire) : mismatch
            }
            // A date the calendar refuses (2024-02-30) stays refused, whatever the pattern allows.
            if text.filter(\.isNumber).count == 8, text.allSatisfy({ $0.isNumber || $0 == "-" }) {
                return .refused("must be a real date as YYYY-MM-DD or YYYYMMDD, not '\(text)'")
            }
            if pattern.matches(text) { return .sent(text) }
            return .refused("must be a real date as YYYY-MM-DD or YYYYMMDD, or match the pattern \(pattern.source), not '\(text)'")
        }
    }
}
