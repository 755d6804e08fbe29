import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The providers folder, `$XDG_CONFIG_HOME/apicli/providers`, read lazily:
/// running `apicli hn` reads `hn.json` alone (or, for a file of many operations, the
/// one it runs from the folder's index), running a compiled provider reads nothing,
/// and commands that list every provider (`providers`, help, completions) read the
/// index's catalog (`ProviderDirectory+Index.swift`).
public struct ProviderDirectory: Sendable {
    public let path: String
    /// Names a file cannot take (compiled providers, built-in commands) and
    /// options it cannot define (the global ones), as the host passes them in.
    public let reserved: ReservedNames

    public init(path: String, reserved: ReservedNames) {
        self.path = path
        self.reserved = reserved
    }

    /// `<folder>/<name>.json`.
    public func filePath(for name: String) -> String { path + "/" + name + ".json" }

    /// The provider defined by `<name>.json`; nil when there is no such file.
    /// A broken, loose or unreadable file is a ``ProviderFileError`` naming what to fix.
    public func provider(named name: String) throws(ProviderFileError) -> (any Provider)? {
        guard ProviderDescriptor.isValidName(name), !reserved.commands.contains(name) else { return nil }
        let file = filePath(for: name)
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        return try load(file, expectedName: name)
    }

    /// Reads and checks one file (its folder and mode included) and makes its provider.
    public func load(_ file: String, expectedName: String?) throws(ProviderFileError) -> any Provider {
        try read(file, expectedName: expectedName).provider(source: file)
    }

    /// The file's contents, checked, from a trusted folder and file.
    public func read(_ file: String, expectedName: String?) throws(ProviderFileError) -> ProviderFile {
        let folder = PathText.folder(of: file)
        if let problem = FileSafety.problem(with: folder, what: "the providers folder") {
            throw ProviderFileError(file: file, problem)
        }
        if let problem = FileSafety.problem(with: file, what: "the provider file") {
            throw ProviderFileError(file: file, problem)
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ProviderFileError(file: file, "cannot be read")
        }
        return try ProviderFileReader(file: file, expectedName: expectedName, reserved: reserved).read(Array(data))
    }

    /// One file of the folder: its provider, or why it has none.
    public struct Entry: Sendable {
        public var name: String
        public var path: String
        public var result: Result<any Provider, ProviderFileError>
    }

    /// Every `*.json` in the folder, by name, each read whole; empty when there is no folder.
    public func entries() -> [Entry] {
        fileNames().map(entry)
    }

    /// The file `<name>.json`, read whole: its provider, or why it has none.
    func entry(_ name: String) -> Entry {
        let file = filePath(for: name)
        let result: Result<any Provider, ProviderFileError>
        if reserved.commands.contains(name) {
            result = .failure(ProviderFileError(
                file: file, field: "name", "'\(name)' is taken by a compiled provider or a built-in command; rename the file"))
        } else {
            result = Result { () throws(ProviderFileError) in try load(file, expectedName: name) }
        }
        return Entry(name: name, path: file, result: result)
    }
}
