#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// The providers folder, `$XDG_CONFIG_HOME/apicli/providers`, read lazily:
/// running `apicli hn` reads `hn.json` alone, running a compiled provider reads
/// nothing, and only commands that list every provider (`providers`, help,
/// completions, the man page) read every file.
struct ProviderDirectory: Sendable {
    let path: String
    /// Names a file cannot take: compiled providers and built-in commands.
    let reserved: Set<String>

    init(variables: [String: String], reserved: Set<String>) {
        self.path = AppPaths(variables: variables).providersDirectory
        self.reserved = reserved
    }

    /// `<folder>/<name>.json`.
    func filePath(for name: String) -> String { path + "/" + name + ".json" }

    /// The provider defined by `<name>.json`; nil when there is no such file.
    /// A broken, loose or unreadable file is a ``ProviderFileError`` naming what to fix.
    func provider(named name: String) throws(ProviderFileError) -> (any Provider)? {
        guard ProviderFileReader.isValidName(name), !reserved.contains(name) else { return nil }
        let file = filePath(for: name)
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        return try load(file, expectedName: name)
    }

    /// Reads and checks one file (its folder and mode included) and makes its provider.
    func load(_ file: String, expectedName: String?) throws(ProviderFileError) -> any Provider {
        try read(file, expectedName: expectedName).provider(source: file)
    }

    /// The file's contents, checked, from a trusted folder and file.
    func read(_ file: String, expectedName: String?) throws(ProviderFileError) -> ProviderFile {
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
    struct Entry: Sendable {
        var name: String
        var path: String
        var result: Result<any Provider, ProviderFileError>
    }

    /// Every `*.json` in the folder, by name; empty when there is no folder.
    func entries() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { fileName in
            let name = String(fileName.dropLast(".json".count))
            let file = path + "/" + fileName
            let result: Result<any Provider, ProviderFileError>
            if reserved.contains(name) {
                result = .failure(ProviderFileError(
                    file: file, field: "name", "'\(name)' is taken by a compiled provider or a built-in command; rename the file"))
            } else {
                result = Result { () throws(ProviderFileError) in try load(file, expectedName: name) }
            }
            return Entry(name: name, path: file, result: result)
        }
    }
}

extension AppPaths {
    /// `$XDG_CONFIG_HOME/apicli/providers`, beside the config file.
    var providersDirectory: String {
        PathText.folder(of: configFile) + "/providers"
    }
}
