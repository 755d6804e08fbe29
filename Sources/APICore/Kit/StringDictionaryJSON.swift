#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `[String: String]` kept in one text column as a JSON object (`{"de":"London","fr":"Londres"}`):
/// a place's local names, a cached answer's headers.
///
/// Such a column is read back on every start that answers from the store (`--offline`, a
/// cache hit), and a `JSONDecoder` for the dictionary is a noticeable part of such a short
/// run. So the object is read with ``JSONByteReader``; what it does
/// not read (an escaped key, a key written twice, a value that is not a string, anything
/// not plain JSON) goes to `JSONDecoder`, which gives what it always gave.
public enum StringDictionaryJSON {
    /// The text to store for `dictionary`: sorted keys, so the same dictionary is the same text.
    public static func text(_ dictionary: [String: String]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(dictionary), as: UTF8.self)
    }

    /// The dictionary stored as `text`; nil when it is not a JSON object of strings.
    public static func dictionary(_ text: String) -> [String: String]? {
        var text = text
        if let dictionary = text.withUTF8({ plainObject(UnsafeRawBufferPointer($0)) }) { return dictionary }
        return try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    }

    /// An object whose every value is a string, read by ``JSONByteReader``; nil for anything else.
    static func plainObject(_ bytes: UnsafeRawBufferPointer) -> [String: String]? {
        var reader = JSONByteReader(bytes)
        var dictionary: [String: String] = [:]
        do throws(JSONByteReader.Unsupported) {
            try reader.beginObject()
            while let key = try reader.nextKey() {
                // The reader has checked the key's UTF-8 and refused escapes in it.
                let name = String(decoding: key, as: UTF8.self)
                guard dictionary.updateValue(try reader.string(), forKey: name) == nil else { return nil }
            }
            try reader.end()
            return dictionary
        } catch {
            return nil
        }
    }
}
