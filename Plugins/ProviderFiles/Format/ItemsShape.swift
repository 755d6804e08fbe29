import APICore

/// What the items of an answer are, and where: the `items` of a provider file.
///
/// - `list`: an array of objects at a key path (`response.docs`), or the whole
///   answer when it is a bare array; each object is an item.
/// - `record`: the answer (or the object at a path) is one object, the one item.
///   It is shown as field and value rows, and stored under its query.
/// - `parallel`: an object of arrays of the same length (Open-Meteo's
///   `hourly.time[]`, `hourly.temperature_2m[]`); item *i* holds each array's
///   *i*-th value under the array's name.
/// - `any`: whatever each answer is, read as it comes (``AnswerShapeGuess``): a
///   list (bare, or under a wrapper such as `items`), else the record. What an
///   operation gets whose document declares no JSON schema for its answer.
///
/// The file writes a list at a path as that path, as every file did before
/// shapes (`"items": "response.docs"`), and every other shape as an object
/// (`{"shape": "record"}`, `{"shape": "parallel", "path": "hourly"}`).
public struct ItemsShape: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case list, record, parallel, any
    }

    public var kind: Kind
    /// nil: the answer itself.
    public var path: KeyPath?

    public init(_ kind: Kind, at path: KeyPath?) {
        self.kind = kind
        self.path = path
    }

    /// An array of objects at `path`: what every provider file had before shapes.
    public static func list(_ path: KeyPath) -> ItemsShape { ItemsShape(.list, at: path) }

    /// The path as the file writes it; `.` for the answer itself.
    public var description: String { path?.description ?? "." }

    /// The path's segments (none for the answer itself).
    public var segments: [String] { path?.segments ?? [] }

    /// The value the shape reads items from; the answer itself without a path.
    public func value(in document: JSONValue) -> JSONValue? {
        guard let path else { return document }
        return path.value(in: document)
    }

    /// Where the path stops existing in `document`, for messages.
    public func nearestExisting(in document: JSONValue) -> (found: String, names: [String]) {
        path?.nearestExisting(in: document) ?? ("", document.members.map(\.key))
    }

    /// Whether `document` has this shape: the items are where it says, as it says.
    public func fits(_ document: JSONValue) -> Bool {
        AnswerElements(shape: self).read(document) != nil
    }

    /// The objects this shape reads from `document` (for `any`, by the shape the document shows); nil when it does not fit.
    public func elements(in document: JSONValue) -> [JSONValue]? {
        AnswerElements(shape: self).read(document)?.elements
    }

    /// Whether each answer is one item stored under its query, rather than items found by words.
    var isWholeAnswer: Bool { kind == .record || kind == .parallel }

    /// How a message names the shape: `a bare list`, `a list under 'items'`, `one record`.
    public var phrase: String {
        let at = path.map { " '\($0)'" } ?? ""
        switch kind {
        case .list: return path == nil ? "a bare list" : "a list under" + at
        case .record: return path == nil ? "one record" : "one record at" + at
        case .parallel: return "parallel arrays under" + at
        case .any: return "whatever comes"
        }
    }
}

extension ProviderFile.Operation {
    /// Where a page's list is, for paging that counts a page's items (`apicli api --pages`):
    /// the list the answers were last seen in when they did not fit `items`, else `items`.
    var pagedItems: [String] {
        (itemsSeen.last { $0.kind == .list } ?? items).segments
    }
}
