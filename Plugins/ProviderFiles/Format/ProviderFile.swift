import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A provider described by a file (`$XDG_CONFIG_HOME/apicli/providers/<name>.json`)
/// rather than compiled in: the facts of a simple JSON search API, which the
/// generic ``FileProvider`` serves through the same pipeline as compiled providers.
///
/// The format is documented field by field in `docs/provider-files.md` and as a
/// JSON Schema in `docs/provider-file.schema.json`; ``ProviderFileReader`` reads
/// and checks it, ``ProviderFileWriter`` writes it back.
public struct ProviderFile: Sendable {
    /// The newest format version this apicli reads (the file's `apicli` field); 1 is a file
    /// of one operation, 2 adds `operations`. A file that version 1 can say is written as version 1.
    public static let formatVersion = 2

    /// The command word; also the file's name without `.json`.
    public var name: String
    public var summary: String
    /// Paragraphs for `apicli help <name>`.
    public var about: String?
    /// How messages name the service; the name when absent.
    public var displayName: String?
    public var baseURL: URL
    /// nil: the API takes no key.
    public var key: Key?
    public var rateLimits: [RateLimit]
    public var cacheSeconds: Int
    /// What the provider can ask, never empty: one operation is today's
    /// `apicli NAME words`; several are `apicli NAME OPERATION …`.
    public var operations: [Operation]
    /// Seconds between two requests, at least (`--spacing`); nil: no spacing. See `ProviderFile+Access.swift`.
    public var spacing: Int? = nil
    /// The provider whose key this one uses (`--key-of nyt`); nil: its own. See `ProviderFile+Access.swift`.
    public var keyOf: String? = nil
    /// Settings sent as request headers on every request (NWS's `User-Agent`). See `ProviderFile+Headers.swift`.
    public var headers: [Header] = []

    public init(
        name: String, summary: String, about: String?, displayName: String?, baseURL: URL, key: Key?,
        rateLimits: [RateLimit], cacheSeconds: Int, operations: [Operation]
    ) {
        self.name = name
        self.summary = summary
        self.about = about
        self.displayName = displayName
        self.baseURL = baseURL
        self.key = key
        self.rateLimits = rateLimits
        self.cacheSeconds = cacheSeconds
        self.operations = operations
    }

    /// A file with one operation, named after the provider: what a version-1 file is.
    public init(
        name: String, summary: String, about: String?, displayName: String?, baseURL: URL, path: String,
        words: Words, key: Key?, options: [Option], items: ItemsShape, id: KeyPath?, columns: [Column], paging: Paging?,
        rateLimits: [RateLimit], cacheSeconds: Int
    ) {
        let operation = Operation(
            name: name, summary: summary, about: nil, path: path, words: words, arguments: [], options: options,
            items: items, id: id, columns: columns, paging: paging)
        self.init(
            name: name, summary: summary, about: about, displayName: displayName, baseURL: baseURL, key: key,
            rateLimits: rateLimits, cacheSeconds: cacheSeconds, operations: [operation])
    }

    /// The first operation: the whole file when it has one, what `provider add` and
    /// `provider check --sample` look at. The reader never makes a file without one.
    public var primary: Operation {
        get { operations[0] }
        set { operations[0] = newValue }
    }

    /// One request the provider can make: a path, what fills it, its query
    /// options, and where the answer's items are.
    public struct Operation: Sendable, Hashable {
        /// The command word after the provider's (`lists-overview`).
        public var name: String
        public var summary: String
        public var about: String?
        /// The API path; `{placeholders}` are filled by the arguments (or the words).
        public var path: String
        /// Where remaining words go; nil when the operation takes none.
        public var words: Words?
        /// The path parameters, in the order they are typed.
        public var arguments: [Argument]
        public var options: [Option]
        /// What the items are and where: an array of results (`hits`, `response.docs`), one record, or parallel arrays.
        public var items: ItemsShape
        /// Where each item's id is; nil: the item's content hash is its id.
        public var id: KeyPath?
        public var columns: [Column]
        public var paging: Paging?
        /// Shapes the answers came in when ``items`` did not fit them, tried after it in
        /// order (``AnswerReading``); apicli adds one when it reads an answer anew.
        public var itemsSeen: [ItemsShape] = []
        /// Whether a request may go without the words (the document's search parameter is
        /// optional): without them the parameter is not sent. Only for ``Words/parameter(_:)``.
        public var wordsOptional = false
        /// Whether its requests carry the provider's key; false for an operation the API
        /// answers without one, in a provider whose other operations need it.
        public var sendsKey = true
        /// Other words that name it: an imported operation's full `operationId` when its name
        /// is shortened. See `ProviderFile+OperationNames.swift`.
        public var aliases: [String] = []
        /// The API document's tags for it; help lists it under the first.
        public var tags: [String] = []
        /// The HTTP method, upper-cased: GET unless the file says otherwise (`ProviderFile+Method.swift`).
        public var method = "GET"
        /// `read: true`: a POST (or other method) that only reads, such as a search; nil: as its method says.
        public var read: Bool? = nil
        /// `"bodyType": "form"`: the body options go as a form (`application/x-www-form-urlencoded`), not JSON.
        public var formBody = false

        public init(
            name: String, summary: String, about: String?, path: String, words: Words?, arguments: [Argument],
            options: [Option], items: ItemsShape, id: KeyPath?, columns: [Column], paging: Paging?
        ) {
            self.name = name
            self.summary = summary
            self.about = about
            self.path = path
            self.words = words
            self.arguments = arguments
            self.options = options
            self.items = items
            self.id = id
            self.columns = columns
            self.paging = paging
        }
    }

    /// A positional argument that fills the path's `{parameter}` as one segment.
    public struct Argument: Sendable, Hashable {
        /// The name in help (`list`).
        public var name: String
        /// The placeholder it fills (`list` in `/lists/{list}.json`).
        public var parameter: String
        public var type: OptionType
        public var help: String
        /// A regular expression every value must match (the document's `pattern`). See `ParameterPattern`.
        public var pattern: String? = nil

        public init(name: String, parameter: String, type: OptionType, help: String) {
            self.name = name
            self.parameter = parameter
            self.type = type
            self.help = help
        }
    }

    /// Where the search words go.
    public enum Words: Sendable, Hashable {
        /// A query parameter (`q`, `query`, `srsearch`).
        case parameter(String)
        /// The `{name}` placeholder in ``ProviderFile/path``, filled with the words as one path segment.
        case pathSegment(String)
    }

    /// Which query parameter or header carries the key (or `Authorization`, as a bearer
    /// token or HTTP basic), and where the key comes from.
    public struct Key: Sendable, Hashable {
        public var placement: CredentialPlacement
        /// `<NAME>_API_KEY`: a file may only ask for its own variable, or, through
        /// ``ProviderFile/keyOf``, for the key variable of the provider it names.
        public var environmentVariable: String
        public var signupURL: String?
        /// Whether the API answers without the key too: unset, requests go without it.
        public var optional = false
        /// The OAuth2 flows apicli signs in with to get the bearer token; nil: a token from elsewhere.
        public var oauth2: OAuth2? = nil

        public init(placement: CredentialPlacement, environmentVariable: String, signupURL: String?) {
            self.placement = placement
            self.environmentVariable = environmentVariable
            self.signupURL = signupURL
        }
    }

    /// An option of the command, sent as a query parameter.
    public struct Option: Sendable, Hashable {
        public var name: String
        public var parameter: String
        public var type: OptionType
        public var help: String
        /// Sent when the option is not given (and not set with `apicli config`).
        public var defaultValue: String?
        /// The API needs it: a missing one is a usage error naming it.
        public var required: Bool = false
        /// A regular expression every value must match (the document's `pattern`). See `ParameterPattern`.
        public var pattern: String? = nil
        /// What the API uses when the option is not sent, as its document says: shown, never sent.
        public var apiDefault: String? = nil
        /// `"in": "body"`: sent as a member of the JSON request body rather than as a query parameter.
        public var inBody = false
        /// `"secret": true`: a body member the document marks as a password; its value is sent
        /// but shown as `***` wherever the request is displayed (`--dry-run`, the write prompt).
        public var secret = false

        public init(
            name: String, parameter: String, type: OptionType, help: String, defaultValue: String?, required: Bool = false
        ) {
            self.name = name
            self.parameter = parameter
            self.type = type
            self.help = help
            self.defaultValue = defaultValue
            self.required = required
        }
    }

    public enum OptionType: Sendable, Hashable {
        case text
        case integer(minimum: Int?, maximum: Int?)
        /// A date typed as `YYYY-MM-DD` or `YYYYMMDD`, sent in `format` (`yyyyMMdd`, `yyyy-MM-dd`…).
        case date(format: String)
        case choice([String])
    }

    /// One column of the table and of the JSON output.
    public struct Column: Sendable, Hashable {
        public var name: String
        public var path: KeyPath
        public var kind: ColumnKind
        /// Whether `--offline` search and the network-failure fallback look in it.
        public var searchable: Bool
    }

    public enum ColumnKind: String, Sendable, Hashable, CaseIterable {
        case text, number, date, url
    }

    /// How the API pages: by page number or by offset, or as each answer says (a cursor
    /// sent back, a `next` URL in the body, a `Link: <…>; rel="next"` header). An answer
    /// to page or offset paging that carries a `Link: <…>; rel="next"` is followed there.
    public struct Paging: Sendable, Hashable {
        public var style: Style
        /// `page`, `offset`: the parameter that counts; `cursor`: the one the cursor is sent back
        /// in (`after`); `next`, `link`: empty, since the answer names the whole next request.
        public var parameter: String
        /// The API's first page number (0 or 1); an offset API starts at 0.
        public var first: Int
        /// Items per page (for `cursor`, `next` and `link`: asked with ``sizeParameter``, or 100).
        public var size: Int
        /// The parameter that asks for ``size`` items, if the API has one (`hitsPerPage`).
        public var sizeParameter: String?
        /// The last page the API serves, counted as the API counts.
        public var maxPage: Int
        /// Where the total number of results is in the answer, if anywhere.
        public var total: KeyPath?
        /// `cursor`: where the answer has the value to send back (`last_id`, `meta.next_cursor`).
        public var cursor: KeyPath? = nil
        /// `cursor`: where the answer says whether more follow (`has_more`); without it, more
        /// follow while the answer has a cursor.
        public var more: KeyPath? = nil
        /// `next`: where the answer has the next page's URL (`next`, `links.next`); null or absent ends.
        public var next: KeyPath? = nil
        /// `cursor`: where, in each item, the value to send back is, taken from the page's last
        /// item (Stripe's `starting_after` = the last item's `id`); used instead of ``cursor``.
        public var lastItem: KeyPath? = nil
        /// `offset`: how far each page's offset is past the one before (see `ProviderFile+Paging.swift`).
        public var step: Step = .size

        public enum Style: String, Sendable, Hashable, CaseIterable {
            case page, offset, cursor, next, link

            /// Whether each page's request comes from the answer before it rather than from a number.
            public var followsAnswer: Bool { self == .cursor || self == .next || self == .link }
        }
    }

    /// How messages name the service.
    public var serviceName: String { displayName ?? name }

    /// `HN_API_KEY` for `hn`: the only variable a provider file may read its key from.
    public static func keyVariable(for name: String) -> String {
        name.uppercased().replacingAll("-", with: "_") + "_API_KEY"
    }
}
