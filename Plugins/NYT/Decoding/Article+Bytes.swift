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

    private static func read(_ reader: inout JSONByteReader) throws(JSONByteReader.Unsupported) -> Article {
        var fields = DocFields()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            try fields.read(key, from: &reader)
        }
        try reader.end()
        let text = fields.text
        let webURL = text[DocFields.webURL]
        let snippet = text[DocFields.snippet]
        var leadParagraph = text[DocFields.leadParagraph]
        if let lead = leadParagraph, let snippet, lead.utf8.elementsEqual(snippet.utf8) { leadParagraph = snippet }
        guard let id = text[DocFields.id] ?? text[DocFields.uri] ?? webURL, !id.isEmpty else {
            throw JSONByteReader.Unsupported()
        }
        return Article(
            id: id, webURL: webURL, headline: fields.headline, abstract: text[DocFields.abstract],
            leadParagraph: leadParagraph, snippet: snippet, byline: fields.byline,
            pubDate: text[DocFields.pubDate].flatMap(Timestamp.parse), sectionName: text[DocFields.sectionName],
            subsectionName: text[DocFields.subsectionName], newsDesk: text[DocFields.newsDesk],
            typeOfMaterial: text[DocFields.typeOfMaterial], documentType: text[DocFields.documentType],
            wordCount: fields.wordCount, printPage: fields.printPage, source: text[DocFields.source],
            keywords: fields.keywords, multimedia: fields.multimedia.compactMap(WireMultimedia.absolute))
    }
}

/// The fields of one doc as ``Article/read(_:)`` finds them.
private struct DocFields {
    /// The text fields' keys; a field's index is its place in ``text``.
    static let textKeys: [StaticString] = [
        "_id", "uri", "web_url", "abstract", "lead_paragraph", "snippet", "pub_date", "section_name",
        "subsection_name", "news_desk", "type_of_material", "document_type", "source",
    ]
    static let id = 0, uri = 1, webURL = 2, abstract = 3, leadParagraph = 4, snippet = 5, pubDate = 6
    static let sectionName = 7, subsectionName = 8, newsDesk = 9, typeOfMaterial = 10, documentType = 11
    static let source = 12

    var text = [String?](repeating: nil, count: textKeys.count)
    var headline: String?
    var byline: String?
    var wordCount: Int?
    var printPage: Int?
    var keywords: [String] = []
    var multimedia: [String] = []
    /// Which fields were seen (text fields by index, then the others): a key written twice defers to `JSONDecoder`.
    private var seen = [Bool](repeating: false, count: textKeys.count + 6)

    typealias Unsupported = JSONByteReader.Unsupported

    mutating func read(_ key: UnsafeRawBufferPointer, from reader: inout JSONByteReader) throws(Unsupported) {
        if let index = Self.textKeys.firstIndex(where: { JSONByteReader.equal(key, $0) }) {
            try once(index)
            text[index] = try Self.text(&reader)
        } else if JSONByteReader.equal(key, "headline") {
            try once(Self.textKeys.count)
            headline = try Self.headline(&reader)
        } else if JSONByteReader.equal(key, "byline") {
            try once(Self.textKeys.count + 1)
            byline = try Self.byline(&reader)
        } else if JSONByteReader.equal(key, "word_count") {
            try once(Self.textKeys.count + 2)
            wordCount = try Self.integer(&reader)
        } else if JSONByteReader.equal(key, "print_page") {
            try once(Self.textKeys.count + 3)
            printPage = try Self.integer(&reader)
        } else if JSONByteReader.equal(key, "keywords") {
            try once(Self.textKeys.count + 4)
            keywords = try Self.keywords(&reader)
        } else if JSONByteReader.equal(key, "multimedia") {
            try once(Self.textKeys.count + 5)
            multimedia = try Self.multimedia(&reader)
        } else {
            try reader.skipValue()
        }
    }

    private mutating func once(_ field: Int) throws(Unsupported) {
        guard !seen[field] else { throw Unsupported() }
        seen[field] = true
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
