/// A list of strings as one compact JSON array (`["a","b"]`), each string escaped as
/// every JSON string apicli writes (``JSONStringText``).
///
/// How a provider keeps an ordered list in one column: SQLite reads it back in order
/// with `json_each`, so a query can still join on its values, and writing it is one
/// bound value where a row per value was a B-tree insert each.
public enum JSONArrayText {
    /// `values`, in order; `bytesHint` is room to reserve for the text, if known.
    public static func strings(_ values: some Sequence<String>, bytesHint: Int = 0) -> String {
        var out = TextBuffer(capacity: bytesHint)
        out.append(ascii: UInt8(ascii: "["))
        var first = true
        for value in values {
            if !first { out.append(ascii: UInt8(ascii: ",")) }
            first = false
            JSONStringText.write(value, to: &out)
        }
        out.append(ascii: UInt8(ascii: "]"))
        return out.text
    }
}
