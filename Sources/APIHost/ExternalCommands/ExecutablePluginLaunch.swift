#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Runs a plugin in apicli's place: `execve`, so its arguments, stdin, stdout,
/// stderr, exit status and death by a signal are the executable's own, exactly as
/// when it is run directly, and apicli adds nothing to its running time but its
/// own start-up.
///
/// What apicli knows is passed as variables: `APICLI_BIN` (apicli itself, for
/// `"$APICLI_BIN" api …`), `APICLI_DB`, `APICLI_CONFIG_DIR`, and the global options
/// given before the command word (`APICLI_FORMAT`, `APICLI_COLOR`, `APICLI_QUIET`,
/// `APICLI_OFFLINE`, `APICLI_REFRESH`, `APICLI_VERBOSE`). Options after the word are
/// the plugin's arguments, passed unchanged.
struct ExecutablePluginLaunch {
    let plugin: ExecutablePlugin
    /// The words after the command word.
    let arguments: [String]
    /// The raw bytes of those words when they are this process's own (so bytes that
    /// are not UTF-8 arrive unchanged); nil when the host runs a line it was given.
    let rawArguments: [[UInt8]]?
    /// The global options before the command word, parsed.
    let globalValues: [String: String]
    let variables: [String: String]

    /// The variables apicli adds or replaces.
    func addedVariables() -> [String: String] {
        var added: [String: String] = [:]
        added["APICLI_BIN"] = Self.ownExecutable()
        let paths = AppPaths(variables: variables, databaseFlag: globalValues["db"])
        if !paths.database.isEmpty { added["APICLI_DB"] = paths.database }
        if !paths.configFile.isEmpty { added["APICLI_CONFIG_DIR"] = ExecutablePluginSource.folder(of: paths.configFile) }
        if globalValues["json"] == "true" { added["APICLI_FORMAT"] = "json" }
        if let format = globalValues["format"] { added["APICLI_FORMAT"] = format }
        if let color = globalValues["color"] { added["APICLI_COLOR"] = color }
        for flag in ["quiet", "offline", "refresh", "verbose"] where globalValues[flag] == "true" {
            added["APICLI_" + flag.uppercased()] = "1"
        }
        return added
    }

    /// Replaces this process with the plugin; returns only by throwing, when it cannot be run.
    func exec() throws -> Never {
        let added = addedVariables()
        let argv = [Array(plugin.path.utf8)] + (rawArguments ?? arguments.map { Array($0.utf8) })
        let environment = added.map { Array("\($0.key)=\($0.value)".utf8) } + Self.inheritedEnvironment(except: Set(added.keys))
        // apicli ignores SIGPIPE for itself; an ignored signal would stay ignored across exec.
        signal(SIGPIPE, SIG_DFL)
        let error = Self.withCStrings(argv) { argvPointer in
            Self.withCStrings(environment) { envPointer in
                // ETXTBSY: another process still holds the file open for writing, as when it was
                // just written while something forked; that passes within milliseconds.
                var attempts = 0
                while true {
                    execve(plugin.path, argvPointer, envPointer)
                    let code = errno
                    attempts += 1
                    guard code == ETXTBSY, attempts < 50 else { return code }
                    usleep(10_000)
                }
            }
        }
        signal(SIGPIPE, SIG_IGN)
        throw CLIError(
            "could not run the plugin \(plugin.path): \(String(cString: strerror(error)))", exitCode: .configuration)
    }

    /// This process's environment as bytes (values that are not UTF-8 kept), less the names apicli sets.
    private static func inheritedEnvironment(except names: Set<String>) -> [[UInt8]] {
        var entries: [[UInt8]] = []
        var cursor = environ
        while let entry = cursor.pointee {
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self), count: strlen(entry)))
            let name = String(decoding: bytes.prefix { $0 != UInt8(ascii: "=") }, as: UTF8.self)
            if !names.contains(name) { entries.append(bytes) }
            cursor += 1
        }
        return entries
    }

    /// A NUL-terminated array of NUL-terminated strings, valid inside `body`.
    private static func withCStrings<R>(
        _ strings: [[UInt8]], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
    ) -> R {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: strings.count + 1)
        for (position, bytes) in strings.enumerated() {
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            table[position] = copy
        }
        table[strings.count] = nil
        defer {
            for position in 0..<strings.count { table[position]?.deallocate() }
            table.deallocate()
        }
        return body(UnsafePointer(table))
    }

    /// apicli's own path, so a plugin calls the apicli that ran it whatever `PATH` says.
    static func ownExecutable() -> String {
        #if os(Linux)
        if let path = ExecutablePluginSource.realPath("/proc/self/exe") { return path }
        #endif
        return CommandLine.arguments.first.flatMap { ExecutablePluginSource.realPath($0) ?? $0 } ?? "apicli"
    }

    /// The raw bytes of this process's arguments from `index` (1 is the first after the program name).
    static func processArguments(from index: Int) -> [[UInt8]] {
        let count = Int(CommandLine.argc)
        guard index < count else { return [] }
        return (index..<count).compactMap { position in
            CommandLine.unsafeArgv[position].map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) }
        }
    }
}
