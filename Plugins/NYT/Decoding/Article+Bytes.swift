import APICore

extension Article {
    /// Reads one doc straight from its bytes with ``JSONByteReader``: the fields
    /// kept, in the shapes real answers send (strings or null, integers, the
    /// headline as an object or a string, the byline as an object, `[]` or null,
    /// keywords and either multimedia shape). Nil for anything else — a number
    /// where text is kept, a key written twice, an escape in a key, odd syntax —
    /// and the caller decodes that doc with `JSONDecoder` (``init(from:)``), which
    /// is the reference: this path must give the same article or defer to it.
    ///
    /// `JSONDecoder` builds a map of the doc and a container per field: it was a
    /// quarter of storing 8,000 docs.
    static func read(_ doc: UnsafeRawBufferPointer) -> Article? {
        var reader = JSONByteReader(doc)
        return try? read(&reader)
    }

    /// ``read(_:)`` of the doc at the front of `bytes` (from its `{`), with how many
    /// bytes it took: how a streamed body's docs are read where they arrive, the end of
    /// each found by reading it (``JSONArrayStream/feed(_:readObject:element:)``).
    static func read(prefixOf bytes: UnsafeRawBufferPointer) -> (article: Article, length: Int)? {
        var reader = JSONByteReader(bytes)
        guard let article = try? read(&reader, whole: false) else { return nil }
        return (article, reader.offset)
    }

    private static func read(_ reader: inout JSONByteReader, whole: Bool = true) throws(JSONByteReader.Unsupported)
        -> Article
    {
        var fields = DocFields()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            try fields.read(key, from: &reader)
        }
        if whole { try reader.end() }
        var leadParagraph = fields.leadParagraph
        if let lead = leadParagraph, let snippet = fields.snippet, DocFields.sameBytes(lead, snippet) {
            leadParagraph = snippet
        }
        guard let id = fields.id ?? fields.uri ?? fields.webURL, !id.isEmpty else {
            throw JSONByteReader.Unsupported()
        }
        return Article(
            id: id, webURL: fields.webURL, headline: fields.headline, abstract: fields.abstract,
            leadParagraph: leadParagraph, snippet: fields.snippet, byline: fields.byline,
            pubDate: fields.pubDate.flatMap(Timestamp.parse), sectionName: fields.sectionName,
            subsectionName: fields.subsectionName, newsDesk: fields.newsDesk, typeOfMaterial: fields.typeOfMaterial,
            documentType: fields.documentType, wordCount: fields.wordCount, printPage: fields.printPage,
            source: fields.source, keywords: fields.keywords,
            multimedia: fields.multimedia.compactMap(WireMultimedia.absolute))
    }
}

/// The fields of one doc as ``Article/read(_:)`` finds them: plain stored values
/// and a bit per field seen, so that reading a doc allocates nothing but its strings.
private struct DocFields {
    var id: String?
    var uri: String?
    var webURL: String?
    var abstract: String?
    var leadParagraph: String?
    var snippet: String?
    var pubDate: String?
    var sectionName: String?
    var subsectionName: String?
    var newsDesk: String?
    var typeOfMaterial: String?
    var documentType: String?
    var source: String?
    var headline: String?
    var byline: String?
    var wordCount: Int?
    var printPage: Int?
    var keywords: [String] = []
    var multimedia: [String] = []
    /// One bit per ``Field`` seen: a key written twice defers to `JSONDecoder`.
    private var seen: UInt32 = 0

    typealias Unsupported = JSONByteReader.Unsupported

    /// The keys that are read; the others are skipped.
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
        case .id: id = try Self.text(&reader)
        case .uri: uri = try Self.text(&reader)
        case .webURL: webURL = try Self.text(&reader)
        case .abstract: abstract = try Self.text(&reader)
        case .leadParagraph: leadParagraph = try Self.text(&reader)
        case .snippet: snippet = try Self.text(&reader)
        case .pubDate: pubDate = try Self.text(&reader)
        case .sectionName: sectionName = try Self.text(&reader)
        case .subsectionName: subsectionName = try Self.text(&reader)
        case .newsDesk: newsDesk = try Self.text(&reader)
        case .typeOfMaterial: typeOfMaterial = try Self.text(&reader)
        case .documentType: documentType = try Self.text(&reader)
        case .source: source = try Self.text(&reader)
        case .headline: headline = try Self.headline(&reader)
        case .byline: byline = try Self.byline(&reader)
        case .wordCount: wordCount = try Self.integer(&reader)
        case .printPage: printPage = try Self.integer(&reader)
        case .keywords: keywords = try Self.keywords(&reader)
        case .multimedia: multimedia = try Self.multimedia(&reader)
        }
    }

    /// Whether two strings hold the same UTF-8 bytes (not `==`, which also equates
    /// other spellings of é), compared in place.
    static func sameBytes(_ first: String, _ second: String) -> Bool {
        var first = first
        var second = second
        return first.withUTF8 { one in
            second.withUTF8 { other in JSONByteReader.same(UnsafeRawBufferPointer(one), UnsafeRawBufferPointer(other)) }
        }
    }

    /// A string, or null.
    static func text(_ reader: inout JSONByteReader) throws(Unsupported) -> String? {
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
    static func member(_ name: StaticString, _ reader: inout JSONByteReader) throws(Unsupported) -> String? {
        var value: String?
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

    static func headline(_ reader: inout JSONByteReader) throws(Unsupported) -> String? {
        switch try reader.kind() {
        case .object: return try member("main", &reader)
        case .string, .null: return try text(&reader)
        default: throw Unsupported()
        }
    }

    static func byline(_ reader: inout JSONByteReader) throws(Unsupported) -> String? {
        switch try reader.kind() {
        case .object: return try member("original", &reader)
        case .null, .array:
            try reader.skipValue()
            return nil
        default: throw Unsupported()
        }
    }

    static func keywords(_ reader: inout JSONByteReader) throws(Unsupported) -> [String] {
        var values: [String] = []
        switch try reader.kind() {
        case .null: try reader.null()
        case .array:
            try reader.forEachElement { (item: inout JSONByteReader) throws(Unsupported) in
                guard try item.kind() == .object else { throw Unsupported() }
                if let value = try member("value", &item), !value.isEmpty { values.append(value) }
            }
        default: throw Unsupported()
        }
        return values
    }

    /// The image URLs as sent (made absolute by the caller), from either shape.
    static func multimedia(_ reader: inout JSONByteReader) throws(Unsupported) -> [String] {
        var urls: [String] = []
        switch try reader.kind() {
        case .null: try reader.null()
        case .array:
            try reader.forEachElement { (item: inout JSONByteReader) throws(Unsupported) in
                guard try item.kind() == .object else { throw Unsupported() }
                if let url = try member("url", &item) { urls.append(url) }
            }
        case .object:
            var found: [String?] = [nil, nil]
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
