/// Whether text would control a terminal: a C0 or C1 control (a newline and a CRLF
/// excepted), DEL, or a bidi override, isolate, mark or separator. Text from a provider
/// file, a document or a server must reach no output with one of these in it.
public enum TerminalControls {
    public static func present(in text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.enumerated().contains { index, scalar in
            switch scalar.value {
            case 0x0D: index + 1 == scalars.count || scalars[index + 1] != "\n"
            case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x7F...0x9F: true
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x2028, 0x2029: true
            default: false
            }
        }
    }
}
