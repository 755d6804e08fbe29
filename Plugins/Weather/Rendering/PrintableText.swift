/// Text from the API made safe for the lines the view prints outside the table
/// (the city title) and for quoting a server message in an error.
///
/// The table renderer cleans its own cells; these few lines do not pass through
/// it, so a city name holding an escape sequence or a bidi override cannot
/// reach the terminal either. Never applied to what is stored.
enum PrintableText {
    static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" || (scalar.properties.isWhitespace && scalar != "\r"
                && scalar.properties.generalCategory != .control) {
                // Line breaks, tabs and runs of spaces: one space at most.
                pendingSpace = !scalars.isEmpty
                continue
            }
            if scalar.properties.generalCategory == .control {
                continue  // C0 (ESC, BEL, backspace, CR…), DEL and C1: removed
            }
            if (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) {
                continue  // bidi embeddings, overrides and isolates
            }
            if pendingSpace {
                scalars.append(" ")
                pendingSpace = false
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
