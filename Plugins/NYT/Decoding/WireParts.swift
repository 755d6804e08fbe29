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

    static let imageHost = "https://static01.nyt.com/"

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
        guard !url.isEmpty else { return nil }
        if url.hasPrefix("https://") || url.hasPrefix("http://") { return url }
        if url.hasPrefix("//") { return "https:" + url }
        // Dropped by bytes, then joined as two Strings: `+` with a `Substring` appended it character by character.
        let path = url.utf8.drop { $0 == UInt8(ascii: "/") }
        return imageHost + String(Substring(path))
    }
}
