/// Bounds on what a reader accepts, so that no document can take unbounded time,
/// memory or stack: each one crossed is one ``DocumentError`` of kind `limit`.
public struct DocumentLimits: Sendable, Equatable {
    /// Bytes. The largest public OpenAPI documents are tens of MiB.
    public var maxBytes: Int
    /// Levels of arrays and objects. The readers recurse once per level, so this is
    /// also what keeps a hostile document from overflowing the stack.
    public var maxDepth: Int
    /// Values that YAML aliases may add by repeating what an anchor names (a
    /// "billion laughs" document repeats a few values into billions).
    public var maxAliasedValues: Int
    /// Bytes of text that YAML aliases may add: one large value repeated by many
    /// aliases is few values but many bytes, which whatever reads the tree pays for.
    public var maxAliasedBytes: Int

    public init(
        maxBytes: Int = 64 << 20, maxDepth: Int = 256, maxAliasedValues: Int = 1_000_000, maxAliasedBytes: Int = 16 << 20
    ) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxAliasedValues = maxAliasedValues
        self.maxAliasedBytes = maxAliasedBytes
    }

    /// For OpenAPI documents and anything else without tighter needs.
    public static let standard = DocumentLimits()

    func checkSize(_ count: Int) throws(DocumentError) {
        guard count <= maxBytes else {
            throw DocumentError(.limit, "the document is \(Self.mebibytes(count)) MiB; apicli reads documents of up to \(Self.mebibytes(maxBytes)) MiB")
        }
    }

    func depthError(line: Int, column: Int) -> DocumentError {
        DocumentError(.limit, line: line, column: column, "nested more than \(maxDepth) levels deep")
    }

    static func mebibytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 20) / 2) >> 20
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
