/// JSON or YAML, told from a document's bytes, so that `--openapi` takes either
/// without asking: a document whose first byte after spaces and line breaks is `{`
/// or `[` is JSON; anything else is read as YAML (which is a superset of JSON for
/// the documents that matter, so the guess is never worse than the other reader).
///
/// A byte-order mark or UTF-16 text is neither: both readers refuse it first, with
/// the encoding named, so the guess never turns it into "not YAML".
public enum DocumentFormat: String, Sendable, CaseIterable {
    case json = "JSON"
    case yaml = "YAML"

    public static func of(_ bytes: [UInt8]) -> DocumentFormat {
        let first = bytes.first { ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .yaml
    }

    /// Reads `bytes` with this format's reader.
    public func read(_ bytes: [UInt8], limits: DocumentLimits = .standard) throws(DocumentError) -> DocumentNode {
        switch self {
        case .json: try JSONDocumentReader.read(bytes, limits: limits)
        case .yaml: try YAMLDocumentReader.read(bytes, limits: limits)
        }
    }

    /// Reads `bytes` as whichever format they are in.
    public static func read(_ bytes: [UInt8], limits: DocumentLimits = .standard) throws(DocumentError) -> (DocumentNode, DocumentFormat) {
        let format = of(bytes)
        return (try format.read(bytes, limits: limits), format)
    }
}
