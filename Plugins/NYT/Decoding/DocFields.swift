import APICore

/// The fields of one doc as ``Article/read(_:)`` finds them: where each kept string lies
/// (``TextSpan``) and a bit per field seen, so that reading a doc makes no `String` but
/// its id and image URLs, and its text is copied once, into the article's packed buffer.
struct DocFields {
    var id: String?
    var uri: String?
    var webURL: TextSpan?
    var abstract: TextSpan?
    var leadParagraph: TextSpan?
    var snippet: TextSpan?
    var pubDate: TextSpan?
    var sectionName: TextSpan?
    var subsectionName: TextSpan?
    var newsDesk: TextSpan?
    var typeOfMaterial: TextSpan?
    var documentType: TextSpan?
    var source: TextSpan?
    var headline: TextSpan?
    var byline: TextSpan?
    var wordCount: Int?
    var printPage: Int?
    var keywords: [TextSpan] = []
    var multimedia: [TextSpan] = []
    /// The contents of the kept strings that held escapes, unescaped, one after another.
    var unescaped: [UInt8] = []
    /// One bit per ``Field`` seen: a key written twice defers to `JSONDecoder`.
    private var seen: UInt32 = 0

    typealias Unsupported = JSONByteReader.Unsupported

    /// Where a kept string's UTF-8 lies: in the doc's bytes, or in ``unescaped``. In place, it
    /// points into the bytes being read, so a `DocFields` lives no longer than the read that
    /// fills it (``Article/read(_:)``, which packs the article before it returns).
    enum TextSpan {
        case inPlace(UnsafeRawBufferPointer)
        case unescaped(Range<Int>)
    }

    /// The keys that are read; the others are skipped. These are NYT's names, as sent; the names
    /// apicli prints are ``ArticleJSON``'s, the same today but kept apart on purpose.
    enum Field: UInt32 {
        case id, uri, webURL, abstract, leadParagraph, snippet, pubDate, sectionName, subsectionName, newsDesk
        case typeOfMaterial, documentType, source, headline, byline, wordCount, printPage, keywords, multimedia

        var key: StaticString {
            switch self {
            case .id: "_id"
            case .uri: "uri"
            case .webURL: "web_url"
            case .abstract: "abstract"
            case .leadParagraph: "lead_paragraph"
            case .snippet: "snippet"
            case .pubDate: "pub_date"
            case .sectionName: "section_name"
            case .subsectionName: "subsection_name"
            case .newsDesk: "news_desk"
            case .typeOfMaterial: "type_of_material"
            case .documentType: "document_type"
            case .source: "source"
            case .headline: "headline"
            case .byline: "byline"
            case .wordCount: "word_count"
            case .printPage: "print_page"
            case .keywords: "keywords"
            case .multimedia: "multimedia"
            }
        }

        /// The field a key names: its length and then its first byte pick the one
        /// candidate (no two keys share both), which one comparison then confirms.
        init?(_ key: UnsafeRawBufferPointer) {
            guard let first = key.first else { return nil }
            let candidate: Field? =
                switch key.count {
                case 3: first == UInt8(ascii: "_") ? .id : first == UInt8(ascii: "u") ? .uri : nil
                case 6: first == UInt8(ascii: "s") ? .source : first == UInt8(ascii: "b") ? .byline : nil
                case 7: first == UInt8(ascii: "w") ? .webURL : first == UInt8(ascii: "s") ? .snippet : nil
                case 8:
                    switch first {
                    case UInt8(ascii: "a"): .abstract
                    case UInt8(ascii: "p"): .pubDate
                    case UInt8(ascii: "h"): .headline
                    case UInt8(ascii: "k"): .keywords
                    default: nil
                    }
                case 9: first == UInt8(ascii: "n") ? .newsDesk : nil
                case 10:
                    switch first {
                    case UInt8(ascii: "w"): .wordCount
                    case UInt8(ascii: "p"): .printPage
                    case UInt8(ascii: "m"): .multimedia
                    default: nil
                    }
                case 12: first == UInt8(ascii: "s") ? .sectionName : nil
                case 13: first == UInt8(ascii: "d") ? .documentType : nil
                case 14: first == UInt8(ascii: "l") ? .leadParagraph : nil
                case 15: first == UInt8(ascii: "s") ? .subsectionName : nil
                case 16: first == UInt8(ascii: "t") ? .typeOfMaterial : nil
                default: nil
                }
            guard let candidate, JSONByteReader.equal(key, candidate.key) else { return nil }
            self = candidate
        }
    }

    mutating func read(_ key: UnsafeRawBufferPointer, from reader: inout JSONByteReader) throws(Unsupported) {
        guard let field = Field(key) else { return try reader.skipValue() }
        let bit: UInt32 = 1 << field.rawValue
        guard seen & bit == 0 else { throw Unsupported() }
        seen |= bit
        switch field {
        case .id: id = try Self.string(&reader)
        case .uri: uri = try Self.string(&reader)
        case .webURL: webURL = try text(&reader)
        case .abstract: abstract = try text(&reader)
        case .leadParagraph: leadParagraph = try text(&reader)
        case .snippet: snippet = try text(&reader)
        case .pubDate: pubDate = try text(&reader)
        case .sectionName: sectionName = try text(&reader)
        case .subsectionName: subsectionName = try text(&reader)
        case .newsDesk: newsDesk = try text(&reader)
        case .typeOfMaterial: typeOfMaterial = try text(&reader)
        case .documentType: documentType = try text(&reader)
        case .source: source = try text(&reader)
        case .headline: headline = try headline(&reader)
        case .byline: byline = try byline(&reader)
        case .wordCount: wordCount = try Self.integer(&reader)
        case .printPage: printPage = try Self.integer(&reader)
        case .keywords: keywords = try keywords(&reader)
        case .multimedia: multimedia = try multimedia(&reader)
        }
    }

    /// The article: its text packed from the spans, its id (`_id`, else `uri`, else
    /// `web_url`) and its date read from theirs.
    func article() throws(Unsupported) -> Article {
        guard let id = id ?? uri ?? webURL.map(string), !id.isEmpty else { throw Unsupported() }
        return unescaped.withUnsafeBytes { side in
            func bytes(_ span: TextSpan) -> UnsafeRawBufferPointer {
                switch span {
                case let .inPlace(raw): raw
                case let .unescaped(range): UnsafeRawBufferPointer(rebasing: side[range])
                }
            }
            let text = withUnsafeTemporaryAllocation(of: UnsafeRawBufferPointer?.self, capacity: ArticleText.slotCount) { table in
                func set(_ slot: ArticleText.Slot, _ span: TextSpan?) { table.initializeElement(at: slot.rawValue, to: span.map(bytes)) }
                set(.webURL, webURL)
                set(.headline, headline)
                set(.abstract, abstract)
                set(.leadParagraph, leadParagraph)
                set(.snippet, snippet)
                set(.byline, byline)
                set(.sectionName, sectionName)
                set(.subsectionName, subsectionName)
                set(.newsDesk, newsDesk)
                set(.typeOfMaterial, typeOfMaterial)
                set(.documentType, documentType)
                set(.source, source)
                var images: [(prefix: StaticString, rest: UnsafeRawBufferPointer)] = []
                images.reserveCapacity(multimedia.count)
                for url in multimedia {
                    if let image = WireMultimedia.absolute(utf8: bytes(url)) { images.append(image) }
                }
                return ArticleText(slots: UnsafeBufferPointer(table), keywords: keywords.map(bytes), multimedia: images)
            }
            return Article(
                id: id, text: text, pubDate: pubDate.flatMap { Timestamp.parse(utf8: bytes($0)) }, wordCount: wordCount,
                printPage: printPage)
        }
    }

    /// The string a span holds.
    func string(_ span: TextSpan) -> String {
        switch span {
        case let .inPlace(raw): String(decoding: raw, as: UTF8.self)
        case let .unescaped(range): String(decoding: unescaped[range], as: UTF8.self)
        }
    }

    /// Whether a span holds no bytes.
    static func isEmpty(_ span: TextSpan) -> Bool {
        switch span {
        case let .inPlace(raw): raw.isEmpty
        case let .unescaped(range): range.isEmpty
        }
    }

    /// A string, or null: where its contents lie (unescaped into ``unescaped`` if need be).
    mutating func text(_ reader: inout JSONByteReader) throws(Unsupported) -> TextSpan? {
        switch try reader.kind() {
        case .string:
            let (raw, escaped) = try reader.stringContents()
            guard escaped else { return .inPlace(raw) }
            let start = unescaped.count
            try JSONByteReader.unescape(raw, appendingTo: &unescaped)
            return .unescaped(start..<unescaped.count)
        case .null:
            try reader.null()
            return nil
        default: throw Unsupported()
        }
    }

    /// A string, or null, made a `String` (the id and `uri`).
    static func string(_ reader: inout JSONByteReader) throws(Unsupported) -> String? {
        switch try reader.kind() {
        case .string: return try reader.string()
        case .null:
            try reader.null()
            return nil
        default: throw Unsupported()
        }
    }

    /// An integer, a string of digits (`"13"`, as 2016's answers send), or null.
    static func integer(_ reader: inout JSONByteReader) throws(Unsupported) -> Int? {
        switch try reader.kind() {
        case .number:
            guard let value = Int(exactly: try reader.integer()) else { throw Unsupported() }
            return value
        case .string:
            let text = try reader.string()
            let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
            guard !digits.isEmpty, text.utf8.count - digits.count <= 1, digits.count < 19,
                digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let value = Int(text)
            else { throw Unsupported() }
            return value
        case .null:
            try reader.null()
            return nil
        default: throw Unsupported()
        }
    }

    /// The one member `name` of an object, read as text; the others skipped.
    mutating func member(_ name: StaticString, _ reader: inout JSONByteReader) throws(Unsupported) -> TextSpan? {
        var value: TextSpan?
        var seen = false
        try reader.beginObject()
        while let key = try reader.nextKey() {
            if JSONByteReader.equal(key, name) {
                guard !seen else { throw Unsupported() }
                seen = true
                value = try text(&reader)
            } else {
                try reader.skipValue()
            }
        }
        return value
    }

    mutating func headline(_ reader: inout JSONByteReader) throws(Unsupported) -> TextSpan? {
        switch try reader.kind() {
        case .object: return try member("main", &reader)
        case .string, .null: return try text(&reader)
        default: throw Unsupported()
        }
    }

    mutating func byline(_ reader: inout JSONByteReader) throws(Unsupported) -> TextSpan? {
        switch try reader.kind() {
        case .object: return try member("original", &reader)
        case .null, .array:
            try reader.skipValue()
            return nil
        default: throw Unsupported()
        }
    }

    mutating func keywords(_ reader: inout JSONByteReader) throws(Unsupported) -> [TextSpan] {
        var values: [TextSpan] = []
        switch try reader.kind() {
        case .null: try reader.null()
        case .array:
            try reader.forEachElement { (item: inout JSONByteReader) throws(Unsupported) in
                guard try item.kind() == .object else { throw Unsupported() }
                if let value = try member("value", &item), !Self.isEmpty(value) { values.append(value) }
            }
        default: throw Unsupported()
        }
        return values
    }

    /// The image URLs as sent (made absolute by the caller), from either shape.
    mutating func multimedia(_ reader: inout JSONByteReader) throws(Unsupported) -> [TextSpan] {
        var urls: [TextSpan] = []
        switch try reader.kind() {
        case .null: try reader.null()
        case .array:
            try reader.forEachElement { (item: inout JSONByteReader) throws(Unsupported) in
                guard try item.kind() == .object else { throw Unsupported() }
                if let url = try member("url", &item) { urls.append(url) }
            }
        case .object:
            var found: [TextSpan?] = [nil, nil]
            var seen = [false, false]
            try reader.beginObject()
            while let key = try reader.nextKey() {
                let slot = JSONByteReader.equal(key, "default") ? 0 : JSONByteReader.equal(key, "thumbnail") ? 1 : nil
                guard let slot else {
                    try reader.skipValue()
                    continue
                }
                guard !seen[slot] else { throw Unsupported() }
                seen[slot] = true
                switch try reader.kind() {
                case .object: found[slot] = try member("url", &reader)
                case .null: try reader.null()
                default: throw Unsupported()
                }
            }
            urls = found.compactMap { $0 }
        default: throw Unsupported()
        }
        return urls
    }
}
