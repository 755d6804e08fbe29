import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-provider <name> --base-url URL --path PATH`
///
/// Writes `Plugins/<Name>/` (a working provider for a plain JSON API) and
/// `Tests/<Name>Tests/` (its tests, a sample answer and the conformance call),
/// then adds the provider's line to the list in `Package.swift`. Nothing under
/// `Sources/` changes.
@main
struct NewProvider: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let root = context.package.directoryURL
        let request = try ScaffoldRequest(arguments: arguments)
        let existing = try ExistingNames(packageRoot: root)
        try existing.check(request.name)

        let files = ProviderTemplate(request).files + ProviderTestTemplate(request).files
        for file in files {
            let url = root.appending(path: file.path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url, options: .withoutOverwriting)
        }
        try ProviderList(packageRoot: root).add(command: request.name.cli, target: request.name.module)

        print("Created the \(request.name.cli) provider:")
        for file in files { print("  \(file.path)") }
        print("  Package.swift (one line in its provider list)")
        print("""

            Next:
              swift build
              .build/debug/apicli \(request.name.cli) --help
              \(request.keyVariable.map { "export \($0)=...   # your key\n      " } ?? "").build/debug/apicli \(request.name.cli) hello
              swift test --filter \(request.name.module)Tests
            """)
    }
}

/// A failure the user can fix; printed as one line, and the command exits non-zero.
struct ScaffoldError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
