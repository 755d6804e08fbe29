import APICore

/// The nested objects of an Article Search doc, each read leniently.

/// `headline`: `{main, print_headline, …}`; a bare string is accepted too.
struct WireHeadline: Decodable {
    let main: String?

    private enum Keys: String, CodingKey { case main }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Keys.self) {
            main = object.text(.main)
        } else {
            main = try? decoder.singleValueContainer().decode(String.self)
        }
    }
}

/// `byline`: `{original, person, organization}`, or `[]` / null when there is none.
struct WireByline: Decodable {
    let original: String?

    private enum Keys: String, CodingKey { case original }

    init(from decoder: any Decoder) throws {
        original = (try? decoder.container(keyedBy: Keys.self))?.text(.original)
    }
}

/// `keywords`: `[{name, value, rank, is_major | isMajor}]`. Only the values are
/// kept (for search); `rank` (string or int) and the major flag are not read,
/// so their drift cannot fail a doc.
struct WireKeywords: Decodable {
    let values: [String]

    private struct Keyword: Decodable {
        let value: String?
        private enum Keys: String, CodingKey { case value }
        init(from decoder: any Decoder) throws {
            value = try decoder.container(keyedBy: Keys.self).text(.value)
        }
    }

    init(from decoder: any Decoder) throws {
        guard var list = try? decoder.unkeyedContainer() else {
            values = []
            return
        }
        var values: [String] = []
        while !list.isAtEnd {
            guard let item = try? list.decode(Lossy<Keyword>.self) else { break }
            if let value = item.value?.value, !value.isEmpty { values.append(value) }
        }
        self.values = values
    }
}

/// `multimedia`, in either of its shapes, reduced to absolute image URLs:
/// - until 2025, an array of `{url, type, subtype, width, height, legacy…}` with
///   `url` relative to `https://static01.nyt.com/`;
/// - since April 2025, an object `{caption, credit, default{url…}, thumbnail{url…}}`
///   with absolute URLs.
struct WireMultimedia: Decodable {
    let urls: [String]

    private enum Keys: String, CodingKey { case url, `default`, thumbnail }

    private struct Item: Decodable {
        let url: String?
        init(from decoder: any Decoder) throws {
            url = try decoder.container(keyedBy: Keys.self).text(.url)
        }
    }

    init(from decoder: any Decoder) throws {
        var urls: [String] = []
        if var list = try? decoder.unkeyedContainer() {
            while !list.isAtEnd {
                guard let item = try? list.decode(Lossy<Item>.self) else { break }
                if let url = item.value?.url { urls.append(url) }
            }
        } else if let object = try? decoder.container(keyedBy: Keys.self) {
            for key in [Keys.default, .thumbnail] {
                if let url = object.lenient(Item.self, key)?.url { urls.append(url) }
            }
        }
        self.urls = urls.compactMap(Self.absolute)
    }

    /// `images/2016/…jpg` → `https://static01.nyt.com/images/2016/…jpg`; absolute URLs unchanged.
    static func absolute(_ url: String) -> String? {
        var url = url
        return url.withUTF8 { utf8 in
            absolute(utf8: UnsafeRawBufferPointer(utf8)).map { prefix, rest in
                prefix.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } + String(decoding: rest, as: UTF8.self)
            }
        }
    }

    /// ``absolute(_:)`` in bytes: what goes before the URL's bytes, and the part of them kept
    /// (a relative path's leading slashes dropped); nil for an empty URL.
    static func absolute(utf8 url: UnsafeRawBufferPointer) -> (prefix: StaticString, rest: UnsafeRawBufferPointer)? {
        func starts(with prefix: StaticString) -> Bool {
            url.count >= prefix.utf8CodeUnitCount
                && JSONByteReader.equal(UnsafeRawBufferPointer(rebasing: url[..<prefix.utf8CodeUnitCount]), prefix)
        }
        guard !url.isEmpty else { return nil }
        if starts(with: "https://") || starts(with: "http://") { return ("", url) }
        if starts(with: "//") { return ("https:", url) }
        let slashes = url.prefix { $0 == UInt8(ascii: "/") }.count
        return (imageHost, UnsafeRawBufferPointer(rebasing: url[slashes...]))
    }

    static let imageHost: StaticString = "https://static01.nyt.com/"
}
