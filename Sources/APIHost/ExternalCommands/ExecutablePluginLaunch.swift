#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Runs a plugin for `apicli NAME`: its arguments, stdin, stdout, stderr, exit
/// status and death by a signal are the executable's own, exactly as when it is run
/// directly.
///
/// What apicli knows is passed as variables: `APICLI_BIN` (apicli itself, for
/// `"$APICLI_BIN" api …`), `APICLI_DB`, `APICLI_CONFIG_DIR`, and the global options
/// given before the command word (`APICLI_FORMAT`, `APICLI_COLOR`, `APICLI_QUIET`…).
/// Options after the word are the plugin's arguments, passed unchanged.
///
/// What apicli holds stays with it: the variables that carry a credential (every
/// provider's key variable, a base URL with a password) are taken out of the plugin's
/// environment. When any of them is set, apicli stays, as the plugin's parent, to hand
/// them to the apicli the plugin runs (``CredentialServer``, ``PluginProcess``); when
/// none is, it has nothing to keep and replaces itself with the plugin (`execve`).
/// docs/design/0100-plugin-credentials-without-environment.md says why.
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
    /// The variables that carry a credential, which the plugin's environment goes without.
    let credentialVariables: Set<String>

    /// The variables apicli adds or replaces.
    func addedVariables() -> [String: String] {
        var added: [String: String] = [:]
        added["APICLI_BIN"] = Self.ownExecutable()
        let paths = AppPaths(variables: variables, databaseFlag: globalValues["db"])
        if !paths.database.isEmpty { added["APICLI_DB"] = paths.database }
        if !paths.configFile.isEmpty { added["APICLI_CONFIG_DIR"] = ExecutablePluginSource.folder(of: paths.configFile) }
        if globalValues["json"] == "true" { added["APICLI_FORMAT"] = "json" }
        if let format = globalValues["format"] { added["APICLI_FORMAT"] = format }
        for (option, variable) in Self.valueVariables {
            if let value = globalValues[option] { added[variable] = value }
        }
        for (flag, variable) in Self.flagVariables where globalValues[flag] == "true" { added[variable] = "1" }
        return added
    }

    /// The global options that take a value, and the variables that pass them on.
    static let valueVariables = [
        ("color", "APICLI_COLOR"), ("fields", "APICLI_FIELDS"), ("template", "APICLI_TEMPLATE"), ("as-of", "APICLI_AS_OF"),
    ]
    /// The global flags, and the variables that are `1` when they were given.
    static let flagVariables = [
        ("quiet", "APICLI_QUIET"), ("offline", "APICLI_OFFLINE"), ("refresh", "APICLI_REFRESH"), ("verbose", "APICLI_VERBOSE"),
        ("wide", "APICLI_WIDE"), ("new", "APICLI_NEW"), ("changed", "APICLI_CHANGED"), ("fail-empty", "APICLI_FAIL_EMPTY"),
    ]

    /// The credentials to hand on: the credential variables that are set, with their values.
    func handedCredentials() -> [String: String] {
        var handed: [String: String] = [:]
        for name in credentialVariables where name != HandedCredentials.socketVariable {
            if let value = variables[name], !value.isEmpty { handed[name] = value }
        }
        return handed
    }

    /// Runs the plugin; returns only by throwing, when it cannot be run.
    func run() throws -> Never {
        var added = addedVariables()
        let argv = [Array(plugin.path.utf8)] + (rawArguments ?? arguments.map { Array($0.utf8) })
        #if os(Linux)
        if let server = CredentialServer.start(handing: handedCredentials()) {
            added[HandedCredentials.socketVariable] = server.name
            let environment = environment(adding: added)
            // `/proc/PID/environ` of this process, which the plugin may read, shows them no more.
            EnvironmentBlock.blankValues(of: credentialVariables)
            try PluginProcess.run(path: plugin.path, arguments: argv, environment: environment, serving: server)
        }
        #endif
        try exec(argv, environment: environment(adding: added))
    }

    /// The plugin's environment: `added`, then this process's own variables less those
    /// `added` replaces and those that carry a credential.
    func environment(adding added: [String: String]) -> [[UInt8]] {
        added.map { Array("\($0.key)=\($0.value)".utf8) }
            + Self.inheritedEnvironment(except: Set(added.keys).union(credentialVariables))
    }

    /// Replaces this process with the plugin.
    private func exec(_ argv: [[UInt8]], environment: [[UInt8]]) throws -> Never {
        // apicli ignores SIGPIPE for itself; an ignored signal would stay ignored across exec.
        signal(SIGPIPE, SIG_DFL)
        let error = CStrings.with(argv) { argvPointer in
            CStrings.with(environment) { envPointer in
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

    /// This process's environment as bytes (values that are not UTF-8 kept), less `names`.
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
