// swift-tools-version: 6.1
//
// apicli — a plugin host for web APIs.
//
// Providers are discovered, not listed: every folder under `Plugins/` is a
// provider target named after the folder, and `Tests/<Name>Tests`, when it
// exists, is its test target. The `ProviderRegistry` build-tool plugin then
// generates the executable's list of providers from its dependencies, so adding
// a provider never edits this file or anything under `Sources/`.
import Foundation
import PackageDescription

/// The provider folders under `Plugins/`, sorted so that builds are reproducible.
let providerNames: [String] = {
    let root = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent("Plugins")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.filter { name in
        var isDirectory: ObjCBool = false
        let path = root.appendingPathComponent(name).path
        return !name.hasPrefix(".")
            && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }.sorted()
}()

// SwiftPM caches this manifest's result keyed by its text, so a new folder is
// not seen until the text changes. `swift package new-provider` rewrites the
// line below for that reason. After adding or removing a folder by hand, run
// `swift build --manifest-cache none` once (or update the line yourself).
// provider-folders: NYT Weather

/// Whether `Tests/<name>` exists, so a provider without tests still builds.
func hasTests(_ name: String) -> Bool {
    FileManager.default.fileExists(atPath: Context.packageDirectory + "/Tests/\(name)")
}

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let providerTargets: [Target] = providerNames.map { name in
    .target(name: name, dependencies: ["APICore"], path: "Plugins/\(name)", swiftSettings: strict)
}

let providerTestTargets: [Target] = providerNames.filter { hasTests("\($0)Tests") }.map { name in
    .testTarget(
        name: "\(name)Tests",
        dependencies: [.target(name: name), "APICore", "TestSupport", "ProviderConformance"],
        path: "Tests/\(name)Tests",
        exclude: ["Fixtures"].filter { hasTests("\(name)Tests/\($0)") },
        swiftSettings: strict
    )
}

let package = Package(
    name: "apicli",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "apicli", targets: ["apicli"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "APIStore", dependencies: ["CSQLite"], swiftSettings: strict),
        // libcurl's header only: the shim opens libcurl with dlopen on the first request.
        .target(name: "CCurlShim", path: "Sources/CCurlShim"),
        .target(
            name: "APIHTTP",
            dependencies: [.target(name: "CCurlShim", condition: .when(platforms: [.linux]))],
            swiftSettings: strict
        ),
        .target(name: "APICore", dependencies: ["APIHTTP", "APIStore"], swiftSettings: strict),
        .executableTarget(
            name: "apicli",
            dependencies: ["APICore"] + providerNames.map { .target(name: $0) },
            swiftSettings: strict,
            plugins: [.plugin(name: "ProviderRegistry")]
        ),
        .executableTarget(
            name: "ProviderRegistryGenerator",
            path: "PackagePlugins/ProviderRegistryGenerator",
            swiftSettings: strict
        ),
        .plugin(
            name: "ProviderRegistry",
            capability: .buildTool(),
            dependencies: ["ProviderRegistryGenerator"],
            path: "PackagePlugins/ProviderRegistry"
        ),
        .plugin(
            name: "NewProvider",
            capability: .command(
                intent: .custom(verb: "new-provider", description: "Scaffold a provider under Plugins/ with its tests"),
                permissions: [.writeToPackageDirectory(reason: "It creates Plugins/<Name> and Tests/<Name>Tests.")]
            ),
            path: "PackagePlugins/NewProvider"
        ),
        .target(
            name: "TestSupport",
            path: "Tests/Support",
            swiftSettings: strict
        ),
        .target(
            name: "ProviderConformance",
            dependencies: ["APICore", "TestSupport"],
            path: "Tests/Conformance",
            swiftSettings: strict
        ),
        .testTarget(name: "APIStoreTests", dependencies: ["APIStore", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "APIHTTPTests", dependencies: ["APIHTTP", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "APICoreTests", dependencies: ["APICore", "TestSupport"], exclude: ["Snapshots"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "apicliTests",
            dependencies: ["apicli", "APICore", "TestSupport"],
            swiftSettings: strict
        ),
    ] + providerTargets + providerTestTargets,
    swiftLanguageModes: [.v6]
)
