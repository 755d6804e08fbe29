/// A strict JSON reader (RFC 8259) that keeps the line every value starts on.
///
/// Foundation's parser forgets positions, accepts duplicate keys and recurses once
/// per level. This one refuses duplicate keys, anything but UTF-8 without a BOM, and
/// control bytes (naming them as `0x1B`, never printing them), and it keeps its own
/// stack, so nesting is bounded by ``DocumentLimits/maxDepth`` with one error rather
/// than by the thread's stack.
///
/// ```swift
/// let root = try JSONDocumentReader.read(Array(#"{"a": [1, "x"]}"#.utf8))
/// root["a"]?.array?.first?.int  // 1
/// ```
public enum JSONDocumentReader {
    public static func read(_ bytes: [UInt8], limits: DocumentLimits = .standard) throws(DocumentError) -> DocumentNode {
        try limits.checkSize(bytes.count)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(DocumentError) -> DocumentNode in
            try DocumentEncoding.check(buffer)
            var parser = JSONParser(bytes: buffer, limits: limits)
            return try parser.document()
        }
    }
}
