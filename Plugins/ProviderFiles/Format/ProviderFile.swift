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
    /// The format version this apicli reads and writes (the file's `apicli` field).
    public static let formatVersion = 1

    /// The command word; also the file's name without `.json`.
    public var name: String
    public var summary: String
    /// Paragraphs for `apicli help <name>`.
    public var about: String?
    /// How messages name the service; the name when absent.
    public var displayName: String?
    public var baseURL: URL
    /// The API path; a path-segment search fills its `{placeholder}`.
    public var path: String
    public var words: Words
    /// nil: the API takes no key.
    public var key: Key?
    public var options: [Option]
    /// What the items are and where: an array of results (`hits`, `response.docs`), one record, or parallel arrays.
    public var items: ItemsShape
    /// Where each item's id is; nil: the item's content hash is its id.
    public var id: KeyPath?
    public var columns: [Column]
    public var paging: Paging?
    public var rateLimits: [RateLimit]
    public var cacheSeconds: Int

    public init(
        name: String, summary: String, about: String?, displayName: String?, baseURL: URL, path: String,
        words: Words, key: Key?, options: [Option], items: ItemsShape, id: KeyPath?, columns: [Column], paging: Paging?,
        rateLimits: [RateLimit], cacheSeconds: Int
    ) {
        self.name = name
        self.summary = summary
        self.about = about
        self.displayName = displayName
        self.baseURL = baseURL
        self.path = path
        self.words = words
        self.key = key
        self.options = options
        self.items = items
        self.id = id
        self.columns = columns
        self.paging = paging
        self.rateLimits = rateLimits
        self.cacheSeconds = cacheSeconds
    }

    /// Where the search words go.
    public enum Words: Sendable, Hashable {
        /// A query parameter (`q`, `query`, `srsearch`).
        case parameter(String)
        /// The `{name}` placeholder in ``ProviderFile/path``, filled with the words as one path segment.
        case pathSegment(String)
    }

    /// Which query parameter or header carries the key, and where the key comes from.
    public struct Key: Sendable, Hashable {
        public var placement: CredentialPlacement
        /// Always `<NAME>_API_KEY`: a file may only ask for its own variable.
        public var environmentVariable: String
        public var signupURL: String?

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

    /// How the API pages: by page number or by offset.
    public struct Paging: Sendable, Hashable {
        public var style: Style
        public var parameter: String
        /// The API's first page number (0 or 1); an offset API starts at 0.
        public var first: Int
        /// Items per page.
        public var size: Int
        /// The parameter that asks for ``size`` items, if the API has one (`hitsPerPage`).
        public var sizeParameter: String?
        /// The last page the API serves, counted as the API counts.
        public var maxPage: Int
        /// Where the total number of results is in the answer, if anywhere.
        public var total: KeyPath?

        public enum Style: String, Sendable, Hashable, CaseIterable {
            case page, offset
        }
    }

    /// How messages name the service.
    public var serviceName: String { displayName ?? name }

    /// `HN_API_KEY` for `hn`: the only variable a provider file may read its key from.
    public static func keyVariable(for name: String) -> String {
        name.uppercased().replacingAll("-", with: "_") + "_API_KEY"
    }
}
