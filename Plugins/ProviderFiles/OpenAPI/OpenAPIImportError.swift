import APICore

/// Why an OpenAPI document cannot be imported. The engine says what is wrong;
/// the `apicli provider` command that asked for the import picks the exit code
/// (a missing document is 66, a document it cannot use 65).
public struct OpenAPIImportError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The document cannot be read at all.
        case unreadable
        /// The document was read but says something the importer cannot use.
        case unusable
        /// This machine cannot read it: libyaml, which reads YAML, is not installed.
        case unavailable
        /// The document can be imported once the user gives a flag (`--base-url`, a valid `--server`).
        case usage
    }

    public var kind: Kind
    /// One line naming the document (and the line, when there is one).
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
