/// The few `NSString` path calls apicli made, on plain `String`s: NSString lives
/// in Foundation proper, next to ICU. Same answers as NSString for the paths a
/// user types (absolute or relative, with or without a trailing slash).
public enum PathText {
    /// `NSString.deletingLastPathComponent`: `"/a/b/c.json"` → `"/a/b"`,
    /// `"/a"` → `"/"`, `"c.json"` → `""`.
    public static func folder(of path: String) -> String {
        let parts = components(path)
        let absolute = path.startsWithLiteral("/")
        guard parts.count > 1 else { return absolute ? "/" : "" }
        // `joined(with:)`, not `joined(separator:)` (see there), on every store open.
        return (absolute ? "/" : "") + Array(parts.dropLast()).joined(with: "/")
    }

    /// `NSString.lastPathComponent`: `"/a/b/c.json"` → `"c.json"`, `"/a/b/"` → `"b"`, `"/"` → `"/"`.
    public static func lastComponent(of path: String) -> String {
        if let last = components(path).last { return last }
        return path.startsWithLiteral("/") ? "/" : ""
    }

    /// `NSString.deletingPathExtension` on a file name: `"nyt.json"` → `"nyt"`,
    /// `"a.b.c"` → `"a.b"`, `"x."` → `"x"`; a name that only starts with a dot keeps it (`".env"`).
    public static func deletingExtension(_ name: String) -> String {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex,
              !name.utf8[dot...].contains(UInt8(ascii: "/"))
        else { return name }
        return String(name[..<dot])
    }

    /// The non-empty parts between slashes, split by bytes as the file system splits
    /// them: a `/` that a combining mark follows is still a `/` to `open(2)`. Splitting
    /// by `Character` would also pay for grapheme breaking, above all the first time in a
    /// process, and every store open makes its folder.
    private static func components(_ path: String) -> [String] {
        path.pieces(between: "/", omittingEmpty: true).map(String.init)
    }
}
