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
        return try fields.article()
    }
}
