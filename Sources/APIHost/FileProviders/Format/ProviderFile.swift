#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// A provider described by a file (`$XDG_CONFIG_HOME/apicli/providers/<name>.json`)
/// rather than compiled in: the facts of a simple JSON search API, which the
/// generic ``FileProvider`` serves through the same pipeline as compiled providers.
///
/// The format is documented field by field in `docs/provider-files.md` and as a
/// JSON Schema in `docs/provider-file.schema.json`; ``ProviderFileReader`` reads
/// and checks it, ``ProviderFileWriter`` writes it back.
struct ProviderFile: Sendable {
    /// The format version this apicli reads and writes (the file's `apicli` field).
    static let formatVersion = 1

    /// The command word; also the file's name without `.json`.
    var name: String
    var summary: String
    /// Paragraphs for `apicli help <name>`.
    var about: String?
    /// How messages name the service; the name when absent.
    var displayName: String?
    var baseURL: URL
    /// The API path; a path-segment search fills its `{placeholder}`.
    var path: String
    var words: Words
    /// nil: the API takes no key.
    var key: Key?
    var options: [Option]
    /// Where the array of results is in the answer (`hits`, `response.docs`).
    var items: KeyPath
    /// Where each item's id is; nil: the item's content hash is its id.
    var id: KeyPath?
    var columns: [Column]
    var paging: Paging?
    var rateLimits: [RateLimit]
    var cacheSeconds: Int

    /// Where the search words go.
    enum Words: Sendable, Hashable {
        /// A query parameter (`q`, `query`, `srsearch`).
        case parameter(String)
        /// The `{name}` placeholder in ``ProviderFile/path``, filled with the words as one path segment.
        case pathSegment(String)
    }

    /// Which query parameter or header carries the key, and where the key comes from.
    struct Key: Sendable, Hashable {
        var placement: CredentialPlacement
        /// Always `<NAME>_API_KEY`: a file may only ask for its own variable.
        var environmentVariable: String
        var signupURL: String?
    }

    /// An option of the command, sent as a query parameter.
    struct Option: Sendable, Hashable {
        var name: String
        var parameter: String
        var type: OptionType
        var help: String
        /// Sent when the option is not given (and not set with `apicli config`).
        var defaultValue: String?
    }

    enum OptionType: Sendable, Hashable {
        case text
        case integer(minimum: Int?, maximum: Int?)
        /// A date typed as `YYYY-MM-DD` or `YYYYMMDD`, sent in `format` (`yyyyMMdd`, `yyyy-MM-dd`…).
        case date(format: String)
        case choice([String])
    }

    /// One column of the table and of the JSON output.
    struct Column: Sendable, Hashable {
        var name: String
        var path: KeyPath
        var kind: ColumnKind
        /// Whether `--offline` search and the network-failure fallback look in it.
        var searchable: Bool
    }

    enum ColumnKind: String, Sendable, Hashable, CaseIterable {
        case text, number, date, url
    }

    /// How the API pages: by page number or by offset.
    struct Paging: Sendable, Hashable {
        var style: Style
        var parameter: String
        /// The API's first page number (0 or 1); an offset API starts at 0.
        var first: Int
        /// Items per page.
        var size: Int
        /// The parameter that asks for ``size`` items, if the API has one (`hitsPerPage`).
        var sizeParameter: String?
        /// The last page the API serves, counted as the API counts.
        var maxPage: Int
        /// Where the total number of results is in the answer, if anywhere.
        var total: KeyPath?

        enum Style: String, Sendable, Hashable, CaseIterable {
            case page, offset
        }
    }

    /// How messages name the service.
    var serviceName: String { displayName ?? name }

    /// `HN_API_KEY` for `hn`: the only variable a provider file may read its key from.
    static func keyVariable(for name: String) -> String {
        name.uppercased().replacingAll("-", with: "_") + "_API_KEY"
    }
}
