import Foundation
import PackagePlugin

/// Generates the executable's list of providers from the targets it links.
///
/// Swift cannot find conforming types at run time, so the list has to exist as
/// code; generating it from the dependency graph (which `Package.swift` builds
/// from its provider list) means adding a provider edits no source.
/// Convention: the target `Foo` defines `public struct FooProvider: Provider`
/// with a no-argument `init()`, in `Plugins/Foo/FooProvider.swift`.
@main
struct ProviderRegistry: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let pluginsFolder = context.package.directoryURL.appending(path: "Plugins").standardizedFileURL.path
        let providers = target.recursiveTargetDependencies
            .filter { $0.directoryURL.deletingLastPathComponent().standardizedFileURL.path == pluginsFolder }
            // A target under Plugins/ that defines no `<Name>Provider.swift` (the provider-files
            // engine, which the host links) is a provider kit of its own, not a command word.
            .filter { target in
                target.sourceModule?.sourceFiles.contains { $0.url.lastPathComponent == target.name + "Provider.swift" } == true
            }
            .map(\.name)
            .sorted()
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedProviders.swift")
        let generator = try context.tool(named: "ProviderRegistryGenerator")
        return [
            .buildCommand(
                displayName: "Generating the provider registry: \(providers.joined(separator: ", "))",
                executable: generator.url,
                arguments: [output.path] + providers,
                inputFiles: [],
                outputFiles: [output]
            ),
        ]
    }
}
