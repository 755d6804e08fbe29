import APICore

/// An API document's prose as a person reads it in a terminal: HTML tags and
/// Markdown marks dropped, entities decoded, whitespace collapsed, and cut only
/// between whole sentences.
///
/// Documents write their summaries and descriptions for a web page: Stripe's are
/// HTML (`<p>Retrieves the <a href="/docs/api">account</a>.</p>`), OpenAI's are
/// Markdown (`[Learn more](/docs/guides)`), and NYT's say `(e.g. hardcover-fiction)`
/// mid-sentence. A provider file is read on a terminal, one line per summary, so
/// the text is made plain once, at import.
///
///     PlainText.firstSentence(of: "<p>Lists (e.g. hardcover-fiction). Paged.</p>", limit: 200)
///     // "Lists (e.g. hardcover-fiction)."
enum PlainText {
    /// The text's paragraphs, each on one line, separated by a blank line; no tags, marks or controls.
    /// The bytes of a document's text that are read to make help: more than any summary,
    /// description or option help keeps.
    static let readLimit = 16_384

    static func paragraphs(_ text: String) -> String {
        // Cut before reading: a description of megabytes costs what its start costs, and help
        // never shows more than its first sentences (``readLimit``).
        let start = text.utf8.count > readLimit ? String(text.prefix(characters: readLimit, bytes: readLimit)) : text
        let marked = markdownRemoved(entitiesDecoded(tagsRemoved(start)))
        var paragraphs: [String] = []
        var current: [Substring] = []
        for line in marked.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{A0}" })
            if words.isEmpty {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
            } else {
                current += words
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        return TerminalSanitizer.clean(paragraphs.joined(separator: "\n\n"), keepingNewlines: true)
    }

    /// The text as one line: its paragraphs joined by a space, each but the last ended by a
    /// period when it has no mark of its own (a heading, a list's line), so they stay apart.
    static func line(_ text: String) -> String {
        let pieces = paragraphs(text).split(separator: "\n", omittingEmptySubsequences: true)
        return pieces.enumerated().map { index, piece in
            index == pieces.count - 1 || piece.last.map(".!?:;…".contains) == true ? String(piece) : piece + "."
        }.joined(separator: " ")
    }

    /// The first paragraph, one line.
    static func firstParagraph(_ text: String) -> String {
        paragraphs(text).split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
    }

    /// The first sentence, whole, at most `limit` characters; a longer one ends at a
    /// word with `…`. A period that ends an abbreviation (`e.g.`, `U.S.`), a number
    /// (`1.5`) or a name (`info.0.json`) does not end a sentence.
    static func firstSentence(of text: String, limit: Int) -> String {
        let plain = line(text)
        let end = sentenceEnds(in: plain).first ?? plain.endIndex
        return fitted(String(plain[..<end]), limit: limit)
    }

    /// As many whole sentences as fit in `limit` characters (at least the first, fitted).
    static func sentences(_ text: String, limit: Int) -> String {
        let plain = line(text)
        guard plain.count > limit else { return plain }
        let fitting = sentenceEnds(in: plain).last { plain.distance(from: plain.startIndex, to: $0) <= limit }
        guard let fitting else { return fitted(plain, limit: limit) }
        return String(plain[..<fitting])
    }

    /// `text` cut at a word to at most `limit` characters with `…`, when longer.
    static func fitted(_ text: String, limit: Int) -> String {
        guard text.count > limit else { return text }
        let room = text.prefix(max(1, limit - 1))
        let cut = room.lastIndex(of: " ").map { room[..<$0] } ?? room
        var kept = String(cut)
        while let last = kept.last, ",;:(-".contains(last) || last == " " { kept.removeLast() }
        return kept + "…"
    }

    // MARK: Sentences

    /// Words that a period follows without ending the sentence.
    private static let abbreviations: Set<String> = [
        "e.g", "eg", "i.e", "ie", "cf", "vs", "approx", "incl", "excl", "resp", "fig", "no", "nos", "mr", "mrs", "ms",
        "dr", "st", "jr", "sr", "inc", "ltd", "co", "corp", "dept", "est", "min", "max", "ca", "al", "viz", "ex", "op",
    ]

    /// Where each sentence ends (just after its `.`, `!` or `?` and any closing mark).
    static func sentenceEnds(in text: String) -> [String.Index] {
        var ends: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            var after = text.index(after: index)
            guard ".!?".contains(character) else {
                index = after
                continue
            }
            while after < text.endIndex, ")\"'’”]".contains(text[after]) { after = text.index(after: after) }
            let atEnd = after == text.endIndex
            if atEnd || text[after] == " " {
                let next = atEnd ? nil : text[after...].first { $0 != " " }
                if character != "." || !continuesAfterPeriod(text, period: index, next: next) {
                    ends.append(after)
                }
            }
            index = after
        }
        return ends
    }

    /// Whether the period at `period` belongs to an abbreviation or is followed by a lowercase word.
    private static func continuesAfterPeriod(_ text: String, period: String.Index, next: Character?) -> Bool {
        if let next, next.isLowercase { return true }
        var start = period
        while start > text.startIndex {
            let before = text.index(before: start)
            let character = text[before]
            guard character.isLetter || character == "." else { break }
            start = before
        }
        let word = text[start..<period].lowercased()
        if abbreviations.contains(word) { return true }
        // A single letter (an initial, `U.S`) or letters joined by periods.
        return word.count == 1 || (word.contains(Character(".")) && word.split(separator: ".").allSatisfy { $0.count == 1 })
    }

    // MARK: HTML

    /// Tags that are HTML's own: any other `<word>` (`<currency>`, TwiML's `<Say>`) is text.
    private static let htmlTags: Set<String> = [
        "a", "abbr", "b", "blockquote", "br", "code", "dd", "del", "div", "dl", "dt", "em", "h1", "h2", "h3", "h4", "h5",
        "h6", "hr", "i", "img", "ins", "kbd", "li", "ol", "p", "pre", "s", "small", "span", "strong", "sub", "sup",
        "table", "tbody", "td", "th", "thead", "tr", "tt", "u", "ul", "var",
    ]
    /// Tags that end a line or a paragraph where they stand.
    private static let blockTags: Set<String> = [
        "p", "div", "br", "ul", "ol", "li", "dl", "dt", "dd", "pre", "blockquote", "table", "tr", "h1", "h2", "h3", "h4",
        "h5", "h6", "hr",
    ]

    /// The text without HTML's tags and comments; a block tag leaves a blank line.
    static func tagsRemoved(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "<")) else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            let tail = rest[open...]
            if tail.hasPrefix("<!--") {
                guard let close = tail.firstRange(ofLiteral: "-->") else { return out }
                rest = tail[close.upperBound...]
                continue
            }
            guard let close = tail.firstIndex(of: ">"), let name = tagName(tail[tail.index(after: open)..<close]),
                  htmlTags.contains(name)
            else {
                out.append("<")
                rest = tail.dropFirst()
                continue
            }
            if blockTags.contains(name) { out += "\n\n" }
            rest = tail[tail.index(after: close)...]
        }
        return out + rest
    }

    /// `a` for `a href="…"`, `/a` or `br/`; nil when it is no tag.
    private static func tagName(_ inside: Substring) -> String? {
        let body = inside.hasPrefix("/") ? inside.dropFirst() : inside
        let name = body.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard let first = name.first, first.isLetter else { return nil }
        let after = body.dropFirst(name.count).first
        guard after == nil || after == " " || after == "/" || after == "\n" || after == "\t" else { return nil }
        return name.lowercased()
    }

    private static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–", "mdash": "—",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "hellip": "…", "copy": "©", "reg": "®", "trade": "™",
        "times": "×", "deg": "°", "middot": "·", "bull": "•", "laquo": "«", "raquo": "»", "euro": "€", "pound": "£",
    ]

    /// `&amp;`, `&#39;` and `&#x27;` as the characters they stand for; an unknown entity stays.
    static func entitiesDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let tail = rest[rest.index(after: amp)...]
            if let semicolon = tail.prefix(10).firstIndex(of: ";"), let decoded = entity(tail[..<semicolon]) {
                out += decoded
                rest = tail[tail.index(after: semicolon)...]
            } else {
                out.append("&")
                rest = tail
            }
        }
        return out + rest
    }

    private static func entity(_ name: Substring) -> String? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, let scalar = Unicode.Scalar(value), value >= 0x20 else { return nil }
            return String(Character(scalar))
        }
        return entities[String(name)]
    }

    // MARK: Markdown

    /// `[text](url)` as its text, `**strong**` and `` `code` `` without their marks, a heading's `#` dropped.
    static func markdownRemoved(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(where: { $0 == "[" || $0 == "*" || $0 == "`" }) {
            out += rest[..<open]
            let tail = rest[open...]
            if tail.hasPrefix("**") {
                rest = tail.dropFirst(2)
            } else if tail.first == "`" {
                rest = tail.dropFirst()
            } else if tail.first == "[", let link = markdownLink(tail) {
                if out.hasSuffix("!") { out.removeLast() }
                out += link.text
                rest = link.rest
            } else {
                out.append(tail[open])
                rest = tail.dropFirst()
            }
        }
        out += rest
        return out.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let trimmed = line.drop { $0 == " " }
            let hashes = trimmed.prefix { $0 == "#" }
            return (1...6).contains(hashes.count) && trimmed.dropFirst(hashes.count).first == " "
                ? trimmed.dropFirst(hashes.count + 1) : line
        }.joined(separator: "\n")
    }

    /// `[text](target)` at the start of `tail`: the text and what follows the link.
    private static func markdownLink(_ tail: Substring) -> (text: Substring, rest: Substring)? {
        guard let close = tail.firstIndex(of: "]") else { return nil }
        let after = tail.index(after: close)
        guard after < tail.endIndex, tail[after] == "(", let end = tail[after...].firstIndex(of: ")") else { return nil }
        let text = tail[tail.index(after: tail.startIndex)..<close]
        guard !text.utf8.contains(UInt8(ascii: "\n")) else { return nil }
        return (text, tail[tail.index(after: end)...])
    }
}
