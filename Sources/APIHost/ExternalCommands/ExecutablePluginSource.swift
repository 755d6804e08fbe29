#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where `apicli-NAME` executables are found: the folders of `PATH`, in order,
/// the first one holding a name winning, as the shell's lookup does.
///
/// It answers the same question as the other places a command comes from
/// (compiled providers, the providers folder): "what is this word?", so it can
/// become one more source of the registry. The host asks it last, only for a
/// word that is nothing else, so `apicli nyt …` never reads `PATH`.
///
/// Relative and empty `PATH` entries (the current folder) are skipped: a plugin
/// receives the user's settings and runs `apicli api` with their keys, so it must
/// not be picked up from whatever folder a command happens to run in.
struct ExecutablePluginSource: Sendable {
    /// The absolute folders of `PATH`, in order, each once.
    let directories: [String]

    init(variables: [String: String]) {
        var seen = Set<String>()
        // By bytes, as the shell and execvp(3) split PATH.
        directories = (variables["PATH"] ?? "").pieces(between: ":", omittingEmpty: true)
            .map(String.init)
            .filter { $0.startsWithLiteral("/") && seen.insert($0).inserted }
    }

    /// The first `apicli-NAME` on `PATH` that is an executable file, checked; nil when there is none.
    func plugin(named name: String) -> ExecutablePlugin? {
        guard ExecutablePlugin.isValidName(name) else { return nil }
        for directory in directories {
            let path = directory + "/" + ExecutablePlugin.prefix + name
            if Self.isExecutableFile(path) { return Self.checked(ExecutablePlugin(name: name, path: path)) }
        }
        return nil
    }

    /// Every plugin on `PATH` by name, the first of each name; `owner` names what
    /// shadows a name (a built-in command, a compiled provider, a provider file), if anything.
    func all(shadowedBy owner: (String) -> String?) -> [ExecutablePlugin] {
        var found: [String: ExecutablePlugin] = [:]
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for file in names where file.hasPrefix(ExecutablePlugin.prefix) {
                let name = String(file.dropFirst(ExecutablePlugin.prefix.count))
                guard found[name] == nil, ExecutablePlugin.isValidName(name) else { continue }
                let path = directory + "/" + file
                guard Self.isExecutableFile(path) else { continue }
                var plugin = Self.checked(ExecutablePlugin(name: name, path: path))
                if let owner = owner(name) { plugin.state = .shadowed(by: owner) }
                found[name] = plugin
            }
        }
        return found.values.sorted { $0.name < $1.name }
    }

    /// `/a/b` for `/a/b/c`.
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The file a path names once every link is followed (`realpath(3)`, without Foundation's cost at start-up).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A regular file (a link is followed) that this user may execute.
    static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }

    /// `plugin` refused when the file, the `PATH` folder holding it, or the folder of
    /// the file a link points to could be written by someone else, as provider files are.
    static func checked(_ plugin: ExecutablePlugin) -> ExecutablePlugin {
        let folder = Self.folder(of: plugin.path)
        let real = Self.realPath(plugin.path) ?? plugin.path
        let realFolder = Self.folder(of: real)
        var checks = [(folder, "the folder"), (plugin.path, "the plugin")]
        if real != plugin.path {
            checks += realFolder == folder ? [(real, "the file it links to")] : [(realFolder, "the folder"), (real, "the file it links to")]
        }
        for (path, what) in checks {
            if let problem = FileSafety.problem(with: path, what: what) {
                var refused = plugin
                refused.state = .refused(problem)
                return refused
            }
        }
        return plugin
    }
}
