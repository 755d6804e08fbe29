/// A YAML reader on libyaml that builds the same tree as ``JSONDocumentReader``.
///
/// Anchors, aliases and merge keys (`<<: *base`, `<<: [*a, *b]`) are resolved, with
/// what aliases add bounded by ``DocumentLimits/maxAliasedValues``; a key given twice
/// is refused, as in JSON; scalars follow the YAML 1.2 core schema (``YAMLScalar``),
/// so timestamps stay text. One document per file; keys must be scalars.
///
/// libyaml is opened on the first call; when it is missing, the error's kind is
/// `unavailable` and its reason is one line saying what to install.
public enum YAMLDocumentReader {
    public static func read(_ bytes: [UInt8], limits: DocumentLimits = .standard) throws(DocumentError) -> DocumentNode {
        try limits.checkSize(bytes.count)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(DocumentError) -> DocumentNode in
            try DocumentEncoding.check(buffer)
            try YAMLLibrary.load()
            #if canImport(CYAMLShim)
            var events = try YAMLEvents(bytes: buffer)
            var builder = YAMLTreeBuilder(limits: limits)
            return try builder.build { () throws(DocumentError) in try events.next() }
            #else
            throw DocumentError(.unavailable, "no libyaml on this platform")
            #endif
        }
    }
}
