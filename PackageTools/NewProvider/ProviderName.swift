import Foundation

/// A provider's names, all derived from the command word: `hacker-news` is
/// the command, `HackerNews` the module and folder, `HACKER_NEWS` the
/// environment stem, `hacker_news` the table prefix.
struct ProviderName {
    let cli: String
    let module: String

    var environmentStem: String { cli.uppercased().replacingOccurrences(of: "-", with: "_") }
    var tablePrefix: String { cli.replacingOccurrences(of: "-", with: "_") }

    /// Words Swift reserves as type names in UpperCamelCase, which a module cannot be.
    static let reservedModules: Set<String> = ["Self", "Any", "Type", "Protocol", "Some", "Swift", "Foundation"]

    init(_ word: String) throws {
        let valid = word.range(of: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$", options: .regularExpression) != nil
        guard valid, word.count <= 40 else {
            throw ScaffoldError(
                "'\(word)' is not a command word: use lowercase letters, digits and single dashes, "
                    + "starting with a letter (e.g. hacker-news)")
        }
        cli = word
        module = word.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard !Self.reservedModules.contains(module) else {
            throw ScaffoldError("'\(word)' would make a module named \(module), which Swift reserves")
        }
    }
}

/// Every name a new provider must not take, compared case-insensitively:
/// built-in commands, the package's targets, and existing provider folders and commands.
struct ExistingNames {
    static let packageModules = [
        "apicli", "APICore", "APIHost", "APIHTTP", "APIHTTPModel", "APIStore", "APIStoreModel", "CSQLite", "TestSupport",
        "ProviderConformance",
        "ProviderRegistry", "ProviderRegistryGenerator", "NewProvider", "Testing", "XCTest", "Dispatch",
        "Glibc", "Darwin", "PackageDescription", "PackagePlugin",
    ]

    let folders: [String]
    let commands: [String]
    let testFolders: [String]
    /// Read from the host's one description of them, so the two lists cannot drift apart.
    let builtinCommands: [String]

    /// Where the host describes its built-in commands.
    static let builtinCommandsFile = "Sources/APIHost/Commands/BuiltinCommand.swift"

    init(packageRoot: URL) throws {
        let manager = FileManager.default
        let builtins = packageRoot.appending(path: Self.builtinCommandsFile)
        builtinCommands = Self.quotedNames(after: "BuiltinCommand(", in: (try? String(contentsOf: builtins, encoding: .utf8)) ?? "")
        let plugins = packageRoot.appending(path: "Plugins")
        folders = (try? manager.contentsOfDirectory(atPath: plugins.path)) ?? []
        testFolders = (try? manager.contentsOfDirectory(atPath: packageRoot.appending(path: "Tests").path)) ?? []
        var commands: [String] = []
        for folder in folders {
            let enumerator = manager.enumerator(atPath: plugins.appending(path: folder).path)
            while let file = enumerator?.nextObject() as? String {
                guard file.hasSuffix(".swift"),
                    let text = try? String(contentsOf: plugins.appending(path: folder).appending(path: file), encoding: .utf8)
                else { continue }
                commands += Self.declaredNames(in: text)
            }
        }
        self.commands = commands
    }

    /// The string literal that opens each `marker` call in `text`: `BuiltinCommand("store", …)` → `store`.
    static func quotedNames(after marker: String, in text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let start = rest.range(of: marker) {
            rest = rest[start.upperBound...]
            let argument = rest.drop { $0.isWhitespace }
            guard argument.first == "\"", let close = argument.dropFirst().firstIndex(of: "\"") else { continue }
            names.append(String(argument[argument.index(after: argument.startIndex)..<close]))
        }
        return names
    }

    /// The `name:` of each `ProviderDescriptor(` in `text`.
    static func declaredNames(in text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "ProviderDescriptor(") {
            rest = rest[start.upperBound...]
            let window = rest.prefix(200)
            if let open = window.range(of: "name: \""), let close = window[open.upperBound...].firstIndex(of: "\"") {
                names.append(String(window[open.upperBound..<close]))
            }
        }
        return names
    }

    func check(_ name: ProviderName) throws {
        let commandNames = builtinCommands.map { ($0, "a built-in command") }
            + commands.map { ($0, "an existing provider's command") }
            + folders.map { ($0, "the provider folder Plugins/\($0)") }
        let moduleNames = Self.packageModules.map { ($0, "a module of this package") }
            + folders.map { ($0, "the provider folder Plugins/\($0)") }
        let testNames = testFolders.map { ($0, "the test folder Tests/\($0)") }
        let checks = [(name.cli, commandNames), (name.module, moduleNames), (name.module + "Tests", testNames)]
        for (candidate, taken) in checks {
            if let (existing, what) = taken.first(where: { $0.0.lowercased() == candidate.lowercased() }) {
                throw ScaffoldError("'\(name.cli)' is taken: '\(existing)' is \(what); choose another name")
            }
        }
    }
}
