/// Cleans text that came from a server before it reaches a terminal.
///
/// An API response is text written by strangers. Printed raw, an `ESC ] 52`
/// sequence writes the user's clipboard, `ESC ] 8` hides a link behind
/// innocent text, CSI sequences repaint or hide what came before, and bidi
/// overrides make `evil.com/txt.exe` read as something else. Everything that
/// controls the terminal rather than showing a character is therefore removed
/// whole: escape sequences with their parameters and payloads, C0 and C1
/// controls, DEL, and the bidi embedding, override and isolate characters and the
/// direction marks (U+200E, U+200F, U+061C).
///
/// Clean at render time only: the store keeps what the API sent, and JSON and
/// CSV output stay exact (JSON escapes controls itself).
///
///     TerminalSanitizer.clean("\u{1B}[31mred\u{1B}[0m\tcell") // "red cell"
public enum TerminalSanitizer {
    /// `text` with every terminal control removed. Line breaks and tabs become
    /// one space each, so a cell stays on one line; with `keepingNewlines`,
    /// `\n` survives (for multi-line notices) while CR is still dropped.
    /// Whether `text` holds anything ``clean(_:keepingNewlines:)`` would remove or replace:
    /// what a provider file or an API document may not carry into help or listings.
    public static func controlsTerminal(_ text: String) -> Bool {
        clean(text) != text
    }

    public static func clean(_ text: String, keepingNewlines: Bool = false) -> String {
        if !holdsControls(text) { return text }
        var scanner = Scanner(scalars: Array(text.unicodeScalars))
        var out = String.UnicodeScalarView()
        while let scalar = scanner.next() {
            switch scalar.value {
            case 0x0A where keepingNewlines:
                out.append(scalar)
            case 0x09, 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                out.append(" ")
            case 0x1B:
                scanner.skipEscapeSequence()
            case 0x9B:
                scanner.skipControlSequenceBody()
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                scanner.skipStringBody()
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                continue
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether `text` holds any scalar ``clean(_:keepingNewlines:)`` removes or replaces,
    /// found by its UTF-8 bytes: C0 (below 0x20) and DEL; C1, U+0080…009F (`C2 80…9F`);
    /// U+061C (`D8 9C`); U+200E, U+200F and U+2028…202E (`E2 80 8E`, `8F`, `A8…AE`);
    /// U+2066…2069 (`E2 81 A6…A9`). Text without them (most of it, accents and quotes
    /// included) is returned as it is, unscanned.
    static func holdsControls(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let count = bytes.count
            var index = 0
            while true {
                index = OutputByteScan.next(in: bytes, from: index, quotes: false)
                guard index < count else { return false }
                let byte = bytes[index]
                if byte < 0x80 { return true }  // C0 or DEL
                if index + 1 < count {
                    let second = bytes[index + 1]
                    switch byte {
                    case 0xC2 where second <= 0x9F: return true
                    case 0xD8 where second == 0x9C: return true
                    case 0xE2 where index + 2 < count:
                        let third = bytes[index + 2]
                        if second == 0x80 && (third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third)) { return true }
                        if second == 0x81 && (0xA6...0xA9).contains(third) { return true }
                    default: break
                    }
                }
                index = OutputByteScan.afterCharacter(in: bytes, at: index)
            }
        }
    }

    /// Walks the scalars of one string, skipping whole escape sequences.
    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0

        mutating func next() -> Unicode.Scalar? {
            guard index < scalars.count else { return nil }
            defer { index += 1 }
            return scalars[index]
        }

        private func peek() -> UInt32? { index < scalars.count ? scalars[index].value : nil }

        /// After an ESC: the rest of the sequence, whatever its kind (ECMA-48).
        mutating func skipEscapeSequence() {
            guard let introducer = peek() else { return }
            switch introducer {
            case 0x5B: // '[' CSI
                index += 1
                skipControlSequenceBody()
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: // ']' OSC, 'P' DCS, 'X' SOS, '^' PM, '_' APC
                index += 1
                skipStringBody()
            default:
                // nF sequences (`ESC ( B`): intermediates, then one final byte (`ESC 7`, `ESC c`).
                while let value = peek(), (0x20...0x2F).contains(value) { index += 1 }
                if let value = peek(), (0x30...0x7E).contains(value) { index += 1 }
            }
        }

        /// Parameters and intermediates (0x20–0x3F), then one final byte (0x40–0x7E).
        mutating func skipControlSequenceBody() {
            while let value = peek(), (0x20...0x3F).contains(value) { index += 1 }
            if let value = peek(), (0x40...0x7E).contains(value) { index += 1 }
        }

        /// A payload up to BEL or ST (`ESC \` or 0x9C). Unterminated, it runs to the end,
        /// as a terminal would swallow it, so nothing of it is shown.
        mutating func skipStringBody() {
            while let value = peek() {
                index += 1
                if value == 0x07 || value == 0x9C { return }
                if value == 0x1B {
                    // `ESC \` ends it; any other ESC aborts it and starts a new sequence.
                    if peek() == 0x5C { index += 1 } else { skipEscapeSequence() }
                    return
                }
            }
        }
    }
}
