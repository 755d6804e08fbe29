/// Why a document could not be read, at a line and column where there is one.
///
/// `reason` never holds a raw control byte or a bidi control: text from the document
/// that it quotes (a key, an anchor, a character) goes through ``DocumentText``.
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Not well-formed JSON or YAML.
        case syntax
        /// Not UTF-8: a byte-order mark, UTF-16/32, or invalid UTF-8.
        case encoding
        /// A key given twice in one object.
        case duplicateKey
        /// Past a bound: size, nesting, or alias expansion.
        case limit
        /// libyaml could not be loaded (a missing system library, not a bad document).
        case unavailable
    }

    public var kind: Kind
    /// 1-based; 0 when the error is about the whole document (its size, a missing library).
    public var line: Int
    /// 1-based; 0 with `line`. JSON columns count bytes; YAML's count characters, as libyaml does.
    public var column: Int
    public var reason: String

    public init(_ kind: Kind, line: Int = 0, column: Int = 0, _ reason: String) {
        self.kind = kind
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// "line 3, column 7: reason", or the reason alone when there is no position.
    public var description: String {
        guard line > 0 else { return reason }
        return "line \(line)" + (column > 0 ? ", column \(column)" : "") + ": " + reason
    }
}
