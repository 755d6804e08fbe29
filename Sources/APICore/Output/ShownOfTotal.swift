/// How much of a longer answer a view shows, said the same way by every provider:
/// `20 of 1,118; more with --pages`. A provider puts it in its ``TerminalView/notes``,
/// which the host prints on stderr (and `--quiet` hides), so a script reading stdout
/// never receives it.
public enum ShownOfTotal {
    /// The note, or nil when the view shows everything there is (or the API gave no total).
    /// - Parameter pages: whether the command takes `--pages`, so the note can say where the rest is.
    public static func note(shown: Int, total: Int?, pages: Bool = true) -> String? {
        guard let total, total > shown else { return nil }
        return "\(grouped(shown)) of \(grouped(total))" + (pages ? "; more with --pages" : "")
    }

    /// `2,431`: thousands grouped the same way in every locale.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }
}
