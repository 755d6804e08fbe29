#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import APICore

/// The settings file: `key = value` lines, `#` comments, kept in order.
///
/// It can hold API keys, so it is written with mode 0600 inside a 0700
/// folder, replaced atomically, and a file that others can read is reported.
public struct ConfigFile: Sendable, Equatable {
    public let path: String
    public private(set) var entries: [Entry]

    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: String
    }

    public init(path: String, entries: [Entry] = []) {
        self.path = path
        self.entries = entries
    }

    /// Reads the file; a missing file is an empty configuration.
    public static func load(path: String) throws -> ConfigFile {
        guard FileManager.default.fileExists(atPath: path) else { return ConfigFile(path: path) }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw CLIError("cannot read the config file \(path)", exitCode: .configuration)
        }
        var entries: [Entry] = []
        // Lines and marks by bytes: `"\r\n"` is one `Character`, so a file saved with CRLF line
        // ends would otherwise be one line, its first value holding all the others.
        for (number, rawLine) in text.pieces(between: "\n").enumerated() {
            let line = rawLine.trimmed(.whitespacesAndNewlines)
            if line.isEmpty || line.startsWithLiteral("#") { continue }
            guard let (rawKey, rawValue) = line.cut(atFirst: "=") else {
                throw CLIError("\(path):\(number + 1): expected 'key = value'", exitCode: .configuration)
            }
            let key = rawKey.trimmed(.whitespaces)
            let value = rawValue.trimmed(.whitespaces)
            entries.append(Entry(key: key, value: value))
        }
        return ConfigFile(path: path, entries: entries)
    }

    public subscript(key: String) -> String? {
        entries.last { $0.key == key }?.value
    }

    public mutating func set(_ key: String, _ value: String) {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].value = value
            entries = entries.enumerated().filter { $0.offset == index || $0.element.key != key }.map(\.element)
        } else {
            entries.append(Entry(key: key, value: value))
        }
    }

    /// Removes `key`; returns whether it was set.
    @discardableResult
    public mutating func unset(_ key: String) -> Bool {
        let before = entries.count
        entries.removeAll { $0.key == key }
        return entries.count != before
    }

    /// Writes the file with mode 0600, atomically (temp file then rename). A
    /// symlinked config file (dotfiles kept in a repository) is written through
    /// the link: the target is replaced and the link stays.
    public func save() throws {
        let path = target
        let folder = PathText.folder(of: path)
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CLIError("cannot write the config file \(path): \(SystemErrorText.describe(error))", exitCode: .configuration)
        }
        let text = "# apicli settings: see `apicli config list`\n" + entries.map { "\($0.key) = \($0.value)\n" }.joined()
        do {
            try OwnerOnlyFile.save(text, to: path)
        } catch {
            // A full disk or a file-size limit is an I/O error (74); a folder apicli may not write, the setup's (78).
            throw CLIError("cannot write the config file \(path): \(error.reason)", exitCode: error.isDisk ? .ioError : .configuration)
        }
    }

    /// The file the path names, links followed: what is read, written and `chmod`ed.
    public var target: String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// Whether group or others may read the file (it may hold keys); for a link, its target's mode.
    public var isReadableByOthers: Bool {
        guard let status = FileStatus(path: path) else { return false }
        return status.permissions & 0o077 != 0
    }
}
