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

@Suite("TableRenderer: column roles and drop ranks")
struct TableRoleTests {
    static let table = Table(
        columns: [
            .init("Time"), .init("Temp", role: .measure), .init("Weather", role: .flexible),
            .init("Wind", role: .measure, dropRank: 2), .init("Humid", role: .measure, dropRank: 1),
            .init("Link", role: .wideOnly),
        ],
        rows: [["00:00", "-12.3°C", "light snow showers", "NE 13.4 m/s", "93%", "https://example.com/a/long/link"]])

    static func lines(_ width: Int, wide: Bool = false) -> [Substring] {
        TableRenderer.render(table, terminal: Terminal(width: width, wide: wide)).split(separator: "\n")
    }

    @Test("a measure is never cut: prose shrinks, then ranked columns go, lowest rank first", arguments: [80, 60, 45, 40, 32, 28])
    func measuresStayWhole(width: Int) {
        let lines = Self.lines(width)
        for line in lines { #expect(DisplayWidth.of(String(line)) <= width, "\(width): \(line)") }
        let row = String(lines[1])
        #expect(row.contains("-12.3°C"), "\(width): \(row)")
        if lines[0].contains("Wind") { #expect(row.contains("NE 13.4 m/s"), "\(width): \(row)") }
        if lines[0].contains("Humid") { #expect(row.contains("93%"), "\(width): \(row)") }
        // Humid (rank 1) always goes before Wind (rank 2).
        if lines[0].contains("Wind") == false { #expect(!lines[0].contains("Humid"), "\(width)") }
    }

    @Test("the wide-only column shows with --wide only, and at full width the cells are whole")
    func wideOnly() {
        #expect(!Self.lines(200).joined().contains("https://"))
        #expect(Self.lines(200)[1].hasSuffix("93%"))
        #expect(Self.lines(20, wide: true)[1].hasSuffix("https://example.com/a/long/link"))
    }

    @Test("when even the unranked columns cannot fit, columns go from the right and no line is wider")
    func lastResort() {
        for width in 1...20 {
            for line in Self.lines(width) { #expect(DisplayWidth.of(String(line)) <= width, "\(width): \(line)") }
        }
    }

    @Test("section headings sit above their rows and are fitted too")
    func sections() {
        let table = Table(columns: [.init("t")], sections: [
            .init("Monday 2024-01-01 and a long heading", rows: [["a"]]), .init(nil, rows: [["b"]]), .init("Tue", rows: [["c"]]),
        ])
        #expect(TableRenderer.render(table, terminal: Terminal(width: 12)) == "t\nMonday 2024…\na\nb\nTue\nc\n")
        #expect(CSVWriter.write(table) == "t\r\na\r\nb\r\nc\r\n")
    }
}

@Suite("TerminalViewRenderer")
struct TerminalViewRendererTests {
    @Test("header lines are cleaned and fitted; a chart gives up width first; an empty table shows its note")
    func header() {
        let view = TerminalView(
            header: [
                .title("A very long place name\u{1B}[2J that overflows the line"),
                .chart("temp", values: Array(repeating: 1, count: 50) + [2], notes: ["min 1", "max 2"]),
                .facts(["sunrise 06:00", "sunset 18:00"]),
            ],
            table: Table(columns: [.init("x")]), emptyNote: "nothing yet")
        let text = TerminalViewRenderer.render(view, terminal: Terminal(width: 30))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 4)
        for line in lines { #expect(DisplayWidth.of(String(line)) <= 30, "\(line)") }
        #expect(lines[0] == "A very long place name that o…")
        #expect(lines[1].hasSuffix("min 1 · max 2"))
        #expect(lines[2] == "sunrise 06:00 · sunset 18:00")
        #expect(lines[3] == "nothing yet")
        #expect(!text.contains("\u{1B}"))
    }

    @Test("a chart with no finite value is left out; ASCII separators without UTF-8")
    func chartAndASCII() {
        let view = TerminalView(
            header: [.chart("t", values: [.nan], notes: []), .facts(["a", "b"])], table: Table(columns: [.init("x")], rows: [["1"]]))
        #expect(TerminalViewRenderer.render(view, terminal: Terminal(width: 40, unicode: false)) == "a | b\n\nx\n1\n")
    }
}
