import Testing
@testable import APIHost

@Suite("TableRenderer")
struct TableRendererTests {
    static let articles = Table(
        columns: [
            .init("Date"),
            .init("Headline", role: .flexible),
            .init("Section"),
            .init("Words"),
        ],
        rows: [
            ["2024-03-01", "Knicks Beat the Celtics in a Thriller at the Garden", "Sports", "1204"],
            ["2024-03-02", "Short one", "U.S.", "87"],
        ])

    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }

    @Test("at natural width, columns are padded and numbers right-aligned")
    func natural() {
        let out = TableRenderer.render(Self.articles, terminal: Terminal(width: 200))
        #expect(out == """
        Date        Headline                                             Section  Words
        2024-03-01  Knicks Beat the Celtics in a Thriller at the Garden  Sports    1204
        2024-03-02  Short one                                            U.S.        87

        """)
    }

    @Test("every line fits the terminal width; the flexible column shrinks first", arguments: [80, 60, 50, 40])
    func fits(width: Int) {
        let out = TableRenderer.render(Self.articles, terminal: Terminal(width: width))
        for line in Self.lines(out) {
            #expect(DisplayWidth.of(String(line)) <= width, "\(line)")
            #expect(line.last != " ")
        }
        // Date and Section keep their natural width as long as the headline can give.
        let first = Self.lines(out)[1]
        #expect(first.hasPrefix("2024-03-01  "))
        if width >= 40 { #expect(first.contains("Sports")) }
    }

    @Test("a shrunk cell ends in an ellipsis (ASCII dots on a non-Unicode terminal)")
    func ellipsis() {
        let unicode = TableRenderer.render(Self.articles, terminal: Terminal(width: 50))
        #expect(unicode.contains("Knicks Beat…") || unicode.contains("…"))
        let ascii = TableRenderer.render(Self.articles, terminal: Terminal(width: 50, unicode: false))
        #expect(ascii.contains("..."))
        #expect(!ascii.contains("…"))
    }

    @Test("at a very narrow width, the other columns shrink too, and the table is still drawn")
    func narrow() {
        let out = TableRenderer.render(Self.articles, terminal: Terminal(width: 30))
        let lines = Self.lines(out)
        #expect(lines.count == 3)
        for line in lines { #expect(DisplayWidth.of(String(line)) <= 30, "\(line)") }
    }

    @Test("--wide shows every cell whole")
    func wide() {
        let out = TableRenderer.render(Self.articles, terminal: Terminal(width: 20, wide: true))
        #expect(out.contains("Knicks Beat the Celtics in a Thriller at the Garden"))
        #expect(!out.contains("…"))
    }

    @Test("cells and headers are cleaned of escape sequences, controls and bidi overrides")
    func cleaned() {
        let table = Table(
            columns: [.init("\u{1B}[31mTitle"), .init("Note")],
            rows: [["\u{1B}]52;c;ZXZpbA==\u{07}safe\u{202E}txt", "two\nlines\tand\rcr\u{08}"]])
        let out = TableRenderer.render(table, terminal: Terminal(width: 80, color: false))
        #expect(out == "Title    Note\nsafetxt  two lines andcr\n")
        #expect(!out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
    }

    @Test("wide and combining characters are padded by display width")
    func displayWidthPadding() {
        let table = Table(
            columns: [.init("City"), .init("Sky")],
            rows: [["東京", "☀️ sunny"], ["Cafe\u{301}", "🌧️ rain"], ["Paris", "—"]])
        let out = TableRenderer.render(table, terminal: .plain)
        #expect(out == """
        City   Sky
        東京   ☀️ sunny
        Café  🌧️ rain
        Paris  —

        """.replacingOccurrences(of: "Café  ", with: "Cafe\u{301}   "))
        // Every line's second column starts at the same display column.
        for line in Self.lines(out).dropFirst() {
            let prefix = line.prefix { !($0 == " ") }
            #expect(DisplayWidth.of(String(prefix)) <= 5)
        }
    }

    @Test("CJK cells shrink to fit without splitting a character")
    func cjkShrink() {
        let table = Table(
            columns: [.init("見出し", role: .flexible), .init("n", alignment: .right)],
            rows: [["日本語の見出しがとても長い場合の表示テスト", "12"]])
        let out = TableRenderer.render(table, terminal: Terminal(width: 20))
        for line in Self.lines(out) { #expect(DisplayWidth.of(String(line)) <= 20, "\(line)") }
        #expect(out.contains("…"))
    }

    @Test("a very long word is cut to fit")
    func longWord() {
        let table = Table(columns: [.init("Word", role: .flexible)], rows: [[String(repeating: "a", count: 5_000)]])
        let out = TableRenderer.render(table, terminal: Terminal(width: 40))
        #expect(Self.lines(out)[1] == Substring(String(repeating: "a", count: 39) + "…"))
    }

    @Test("the header is bold only with colour, and column styles apply to cells only")
    func colour() {
        let table = Table(columns: [.init("Temp", alignment: .right, style: .red), .init("Sky")], rows: [["12", "rain"]])
        let plain = TableRenderer.render(table, terminal: Terminal(color: false))
        #expect(!plain.contains("\u{1B}"))
        let coloured = TableRenderer.render(table, terminal: Terminal(color: true))
        #expect(coloured == "\u{1B}[1mTemp\u{1B}[0m  \u{1B}[1mSky\u{1B}[0m\n  \u{1B}[31m12\u{1B}[0m  rain\n")
    }

    @Test("alignment: explicit left wins; automatic right-aligns numeric columns only", arguments: [
        (["12", "-3.5", "1,204", "80%", ""], true),
        (["12", "n/a"], false),
        (["", ""], false),
        (["1.2.3"], false),
        (["+7"], true),
    ])
    func numeric(cells: [String], numeric: Bool) {
        #expect(TableRenderer.isNumeric(column: cells) == numeric)
    }

    @Test("rows shorter or longer than the header, and a table with no rows")
    func ragged() {
        let table = Table(columns: [.init("a"), .init("b")], rows: [["1"], ["2", "3", "4"]])
        #expect(TableRenderer.render(table, terminal: .plain) == "a  b\n1\n2  3\n")
        #expect(TableRenderer.render(Table(columns: [.init("only")]), terminal: .plain) == "only\n")
        #expect(TableRenderer.render(Table(columns: []), terminal: .plain) == "")
    }

    @Test("ANSIStyle is plain text when colour is off")
    func ansiStyle() {
        #expect(ANSIStyle.bold.apply("x", enabled: false) == "x")
        #expect(ANSIStyle.bold.apply("x", enabled: true) == "\u{1B}[1mx\u{1B}[0m")
        #expect((ANSIStyle.red + .bold).apply("e", enabled: true) == "\u{1B}[31;1me\u{1B}[0m")
        #expect(ANSIStyle.green.apply("", enabled: true) == "")
        #expect(ANSIStyle.cyan.apply("c", for: Terminal(color: true)) == "\u{1B}[36mc\u{1B}[0m")
    }
}
