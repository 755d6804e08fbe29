#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProviderFiles

/// The hooks that make `apicli-NAME` on `PATH` a command: dispatch (a word that
/// is nothing else), `apicli help NAME`, and the listings (`apicli providers`,
/// `--help`, completions). `PATH` is read only here.
extension Host {
    var pluginSource: ExecutablePluginSource { ExecutablePluginSource(variables: environment.variables) }

    /// Runs `apicli-NAME` in apicli's place when `PATH` has one; returns nil when it has none
    /// (and returns the code only under ``HostEnvironment/launchPlugin``, in-process).
    /// A refused one (a loose mode) is exit 78, as a loose provider file is.
    ///
    /// - Parameters:
    ///   - leading: the global options before the command word, passed as variables;
    ///   - rest: the words after it, passed unchanged;
    ///   - arguments: the whole line, to tell whether it is this process's own (whose raw bytes are then passed).
    func runExecutablePlugin(named name: String, leading: [String], rest: [String], arguments: [String]) throws -> ExitCode? {
        guard let plugin = pluginSource.plugin(named: name) else { return nil }
        let parsed = try CommandLineParser(options: GlobalOptions.specs + [Self.versionSpec]).parse(leading)
        _ = try RunOptions(parsed.values, variables: environment.variables)
        var words = rest
        var raw: [[UInt8]]? = arguments == Array(CommandLine.arguments.dropFirst())
            ? ExecutablePluginLaunch.processArguments(from: 1 + arguments.count - rest.count) : nil
        if parsed.values["help"] == "true" {
            words.insert("--help", at: 0)
            raw?.insert(Array("--help".utf8), at: 0)
        }
        return try launch(plugin, arguments: words, raw: raw, values: parsed.values)
    }

    /// `apicli help NAME` for a plugin: `apicli-NAME --help`; nil when `PATH` has no such plugin.
    func runExecutablePluginHelp(named name: String) throws -> ExitCode? {
        guard let plugin = pluginSource.plugin(named: name) else { return nil }
        return try launch(plugin, arguments: ["--help"], raw: nil, values: [:])
    }

    /// Runs the plugin and ends this process as it ended, so it returns only under ``HostEnvironment/launchPlugin``.
    private func launch(_ plugin: ExecutablePlugin, arguments: [String], raw: [[UInt8]]?, values: [String: String]) throws -> ExitCode {
        if case let .refused(reason) = plugin.state { throw CLIError(reason, exitCode: .configuration) }
        let launch = ExecutablePluginLaunch(
            plugin: plugin, arguments: arguments, rawArguments: raw, globalValues: values, variables: environment.variables,
            credentialVariables: credentialVariables())
        if let launchPlugin = environment.launchPlugin {
            return launchPlugin(PluginLaunch(
                path: plugin.path, arguments: arguments, addedVariables: launch.addedVariables(),
                removedVariables: launch.credentialVariables, handedVariables: Set(launch.handedCredentials().keys)))
        }
        try launch.run()
    }

    /// Every variable that carries a credential apicli sends, which a plugin's environment
    /// goes without: each compiled provider's key variable, `<NAME>_API_KEY` for every file
    /// in the providers folder (the only variable a provider file may read, its `keyOf`
    /// naming one of these too; read by name, so a file that is refused counts as well),
    /// a provider's `APICLI_<NAME>_BASE_URL` when it holds a password, and
    /// ``HandedCredentials/socketVariable``, which is this apicli's to set.
    func credentialVariables() -> Set<String> {
        var names: Set<String> = [HandedCredentials.socketVariable]
        // Each descriptor is built once: a compiled provider builds its whole description on every call.
        let descriptors = registry.compiled.map(\.descriptor)
        var baseURLVariables = descriptors.map(\.baseURLVariableName)
        for descriptor in descriptors {
            if let variable = descriptor.credential?.environmentVariable { names.insert(variable) }
        }
        let compiled = Set(descriptors.map(\.name))
        for name in Self.providerFileNames(in: providerDirectory.path) where !compiled.contains(name) {
            names.insert(ProviderFile.keyVariable(for: name))
            // The file's `baseURLVariableName`, named without reading the file.
            baseURLVariables.append("APICLI_" + name.uppercased().replacingAll("-", with: "_") + "_BASE_URL")
        }
        let variables = environment.variables
        for variable in baseURLVariables {
            if let value = variables[variable], URLPassword.password(in: value) != nil { names.insert(variable) }
        }
        return names
    }

    /// The names of the `*.json` files in the providers folder, as ``ProviderDirectory`` lists them, unread.
    private static func providerFileNames(in folder: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.startsWithLiteral(".") }.map { String($0.dropLast(".json".count)) }
    }

    /// Every plugin on `PATH`, those whose name something else has marked shadowed.
    /// - Parameter files: the provider files by name and path (read once by the caller).
    func executablePlugins(files: [(name: String, path: String)]) -> [ExecutablePlugin] {
        pluginSource.all { name in
            if BuiltinCommand.named(name) != nil { return "the built-in command '\(name)'" }
            if registry.compiled.contains(where: { $0.descriptor.name == name }) { return "the compiled provider '\(name)'" }
            if let file = files.first(where: { $0.name == name }) { return "the provider file \(file.path)" }
            return nil
        }
    }

    /// The registry's command model with the plugins on `PATH`: what top-level help, the
    /// man page and the completions are generated from. A provider's run never reads it.
    var model: CommandLineModel { model(whole: false) }

    /// The model with every provider's operations described (``ProviderRegistry/readSources(whole:)``).
    func model(whole: Bool) -> CommandLineModel {
        let reading = registry.readSources(whole: whole)
        var model = registry.model(of: reading)
        model.plugins = executablePlugins(files: providerFiles(in: reading.flatMap(\.entries)))
        return model
    }

    /// The provider files by name and where each is, for the plugins they shadow.
    func providerFiles(in entries: [ProviderCatalogEntry]) -> [(name: String, path: String)] {
        let compiled = Set(registry.compiled.map(\.descriptor.name))
        return entries.sorted { $0.name < $1.name }.filter { !compiled.contains($0.name) }.map { ($0.name, $0.origin) }
    }

    /// The plugins section of `apicli providers`: empty when `PATH` has none.
    func executablePluginSection(files: [(name: String, path: String)]) -> String {
        let plugins = executablePlugins(files: files)
        guard !plugins.isEmpty else { return "" }
        let width = plugins.map(\.name.count).max() ?? 0
        return "\nplugins (apicli-NAME on PATH):\n" + plugins.map { plugin in
            plugin.name.padded(to: width + 2) + plugin.shownPath + "\n"
        }.joined()
    }
}
