/// The few `NSString` path calls apicli made, on plain `String`s: NSString lives
/// in Foundation proper, next to ICU. Same answers as NSString for the paths a
/// user types (absolute or relative, with or without a trailing slash).
public enum PathText {
    /// `NSString.deletingLastPathComponent`: `"/a/b/c.json"` → `"/a/b"`,
    /// `"/a"` → `"/"`, `"c.json"` → `""`.
    public static func folder(of path: String) -> String {
        let parts = components(path)
        let absolute = path.hasPrefix("/")
        guard parts.count > 1 else { return absolute ? "/" : "" }
        // `joined(with:)`, not `joined(separator:)` (see there), on every store open.
        return (absolute ? "/" : "") + Array(parts.dropLast()).joined(with: "/")
    }

    /// `NSString.lastPathComponent`: `"/a/b/c.json"` → `"c.json"`, `"/a/b/"` → `"b"`, `"/"` → `"/"`.
    public static func lastComponent(of path: String) -> String {
        if let last = components(path).last { return last }
        return path.hasPrefix("/") ? "/" : ""
    }

    /// `NSString.deletingPathExtension` on a file name: `"nyt.json"` → `"nyt"`,
    /// `"a.b.c"` → `"a.b"`, `"x."` → `"x"`; a name that only starts with a dot keeps it (`".env"`).
    public static func deletingExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, !name[name.index(after: dot)...].contains("/")
        else { return name }
        return String(name[..<dot])
    }

    /// The non-empty parts between slashes.
    private static func components(_ path: String) -> [String] {
        // An ASCII path is split by its bytes: splitting by `Character` costs ~0.2 M instructions
        // the first time in a process (every store open makes its folder). Elsewhere by
        // `Character`, so a `/` that a combining mark follows stays one character, as before.
        if path.utf8.allSatisfy({ $0 < 0x80 }) {
            return path.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        }
        return path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }
}
