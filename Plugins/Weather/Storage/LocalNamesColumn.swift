import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `local_names` column of `weather_places`: a place's names by language, kept as
/// one JSON object (`{"de":"London","fr":"Londres"}`).
///
/// Every lookup a run resolves from the store reads this column back (`weather Paris`,
/// `--offline` or a cache hit), and a `JSONDecoder` for the dictionary cost about 0.8 M
/// instructions of such a run's 13–15 M, more than the rest of the place's read-back. So
/// the object is read with the kit's ``JSONByteReader``; anything it does not read (an
/// escaped key, a key written twice, a value that is not a string) goes to `JSONDecoder`,
/// which gives what it always gave, `[:]` included for what it refuses.
enum LocalNamesColumn {
    /// The text to store for `names`: sorted keys, so the same names are the same text.
    static func text(_ names: [String: String]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(names), as: UTF8.self)
    }

    /// The names stored as `text`; `[:]` when the text is not a JSON object of strings.
    static func names(_ text: String) -> [String: String] {
        var text = text
        if let names = text.withUTF8({ plainObject(UnsafeRawBufferPointer($0)) }) { return names }
        return (try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))) ?? [:]
    }

    /// An object whose every value is a string, read by ``JSONByteReader``; nil for anything else.
    static func plainObject(_ bytes: UnsafeRawBufferPointer) -> [String: String]? {
        var reader = JSONByteReader(bytes)
        var names: [String: String] = [:]
        do throws(JSONByteReader.Unsupported) {
            try reader.beginObject()
            while let key = try reader.nextKey() {
                // The reader has checked the key's UTF-8 and refused escapes in it.
                let name = String(decoding: key, as: UTF8.self)
                guard names.updateValue(try reader.string(), forKey: name) == nil else { return nil }
            }
            try reader.end()
            return names
        } catch {
            return nil
        }
    }
}
