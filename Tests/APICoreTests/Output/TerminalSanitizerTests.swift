import Testing
@testable import APICore

@Suite("TerminalSanitizer")
struct TerminalSanitizerTests {
    @Test("plain text is returned unchanged")
    func plain() {
        #expect(TerminalSanitizer.clean("Paris, FR 12.5 °C 日本 👍") == "Paris, FR 12.5 °C 日本 👍")
    }

    @Test("CSI sequences are removed whole", arguments: [
        ("\u{1B}[31mred\u{1B}[0m", "red"),
        ("a\u{1B}[1;38;5;196mb", "ab"),
        ("\u{1B}[2J\u{1B}[Hcleared", "cleared"),
        ("up\u{1B}[1Aline", "upline"),
        ("\u{1B}[?25lhidden cursor", "hidden cursor"),
        ("x\u{9B}31my", "xy"), // 8-bit CSI
        ("\u{1B}[", ""),
    ])
    func csi(input: String, expected: String) {
        #expect(TerminalSanitizer.clean(input) == expected)
    }

    @Test("OSC sequences (clipboard, links, titles) are removed whole", arguments: [
        ("\u{1B}]52;c;ZXZpbA==\u{07}ok", "ok"), // OSC 52 clipboard write, BEL-terminated
        ("\u{1B}]52;c;ZXZpbA==\u{1B}\\ok", "ok"), // ST-terminated
        ("\u{1B}]8;;https://evil.example/\u{1B}\\click\u{1B}]8;;\u{1B}\\", "click"), // OSC 8 link
        ("\u{1B}]0;new title\u{07}text", "text"),
        ("a\u{9D}0;title\u{9C}b", "ab"), // 8-bit OSC and ST
        ("before\u{1B}]52;c;unterminated", "before"),
        ("\u{1B}]0;t\u{1B}[31mred", "red"), // an ESC aborts the OSC and starts a new sequence
    ])
    func osc(input: String, expected: String) {
        #expect(TerminalSanitizer.clean(input) == expected)
    }

    @Test("DCS, APC, PM and SOS strings and two-byte escapes are removed", arguments: [
        ("\u{1B}Pq#0;2;0;0;0\u{1B}\\x", "x"),
        ("\u{1B}_payload\u{1B}\\x", "x"),
        ("\u{1B}^pm\u{1B}\\x", "x"),
        ("\u{1B}Xsos\u{1B}\\x", "x"),
        ("\u{1B}(Bx", "x"),
        ("\u{1B}7saved\u{1B}8", "saved"),
        ("\u{1B}creset", "reset"),
        ("end\u{1B}", "end"),
    ])
    func otherEscapes(input: String, expected: String) {
        #expect(TerminalSanitizer.clean(input) == expected)
    }

    @Test("C0 and C1 controls, DEL, BEL, backspace and CR are removed")
    func controls() {
        #expect(TerminalSanitizer.clean("a\u{07}b\u{08}c\rd\u{7F}e\u{00}f\u{1F}g") == "abcdefg")
        #expect(TerminalSanitizer.clean("x\u{80}\u{85}\u{8D}\u{99}y") == "x y") // NEL is a line break
        #expect(TerminalSanitizer.clean("x\u{9F}application program command") == "x") // 8-bit APC
        #expect(TerminalSanitizer.clean("fake\rreal") == "fakereal")
    }

    @Test("newlines and tabs become spaces; CRLF becomes one space")
    func whitespace() {
        #expect(TerminalSanitizer.clean("one\ntwo\tthree\r\nfour") == "one two three four")
        #expect(TerminalSanitizer.clean("a\u{2028}b\u{2029}c") == "a b c")
        #expect(TerminalSanitizer.clean("one\ntwo\r\n", keepingNewlines: true) == "one\ntwo\n")
    }

    @Test("bidi embeddings, overrides and isolates are removed")
    func bidi() {
        let scalars: [Unicode.Scalar] = ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
                                          "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"]
        for scalar in scalars {
            #expect(TerminalSanitizer.clean("a\(scalar)b") == "ab")
        }
        #expect(TerminalSanitizer.clean("invoice\u{202E}fdp.exe") == "invoicefdp.exe")
        // Arabic and Hebrew text itself is kept.
        #expect(TerminalSanitizer.clean("שלום مرحبا") == "שלום مرحبا")
    }

    @Test("combining marks, CJK, emoji and ZWJ sequences survive")
    func keepsText() {
        let text = "e\u{301} 日本語 👩‍👩‍👧 🇫🇷 ❤️ Ω"
        #expect(TerminalSanitizer.clean(text) == text)
    }

    @Test("no output contains an escape or control character")
    func noControlsLeft() {
        let hostile = "\u{1B}]52;c;x\u{07}\u{1B}[31m\u{9B}1m\u{202E}a\u{08}\u{7F}\u{1B}Pdcs\u{1B}\\\tb\u{1B}"
        let cleaned = TerminalSanitizer.clean(hostile)
        #expect(cleaned == "a b")
        #expect(!cleaned.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    /// The byte check that lets most text through unscanned finds exactly the scalars the scan would change.
    @Test func theByteCheckFindsEveryScalarCleaningChanges() throws {
        for value in Array(UInt32(0)...0x3000) + [0xFEFF, 0x1F600, 0xE0001] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(scalar) + "é"
            let scanned = Self.scanned(text)
            #expect(TerminalSanitizer.holdsControls(text) == (scanned != text), "U+\(String(value, radix: 16))")
            #expect(TerminalSanitizer.clean(text) == scanned)
        }
    }

    /// What the scan gives, whatever the byte check says (a trailing ESC forces the scan, and is dropped).
    static func scanned(_ text: String) -> String {
        String(TerminalSanitizer.clean(text + "\u{1B}"))
    }
}
