// swift-tools-version: 6.1
//
// apicli — a plugin host for web APIs.
//
// The provider kit (`APICore`) is what providers compile against; the host
// (`APIHost`) parses, fetches, stores and draws. A provider target depends on
// `APICore` alone, so naming a host type, the HTTP client or the store in one
// fails to compile.
import Foundation
import PackageDescription

/// The providers this build links, one line each: the command word, the target (its code under
/// `Plugins/<Target>`) and what its test folder `Tests/<Target>Tests` holds. `swift package
/// new-provider` adds a line; the `ProviderRegistry` build-tool plugin turns the list into code.
let providers: [(command: String, target: String, tests: TestFolder)] = [
    ("nyt", "NYT", .sources),
    ("weather", "Weather", .sourcesAndFixtures),
]

/// What a provider's `Tests/<Target>Tests` folder holds. It is said here rather than looked up,
/// so that the manifest reads the same on every machine (docs/design/0080).
enum TestFolder {
    /// No test folder: the provider has no test target.
    case absent
    /// Test sources only.
    case sources
    /// Test sources and a `Fixtures/` folder of answers the tests read, kept out of the sources
    /// (what `new-provider` writes).
    case sourcesAndFixtures
}

// Two providers with one command word would shadow each other: stop the build and name both.
for (index, provider) in providers.enumerated() {
    if let other = providers[..<index].first(where: { $0.command == provider.command || $0.target == provider.target }) {
        FileHandle.standardError.write(Data(
            "error: two providers are named '\(provider.command)': \(other.target) and \(provider.target); rename one in Package.swift\n".utf8))
        exit(1)
    }
}

// The release build's compiler and linker flags (symbol order, linker, static archives) are not
// here: `Scripts/build-release` chooses them for the machine it builds on (docs/building-releases.md).
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

let providerNames = providers.map(\.target)

/// The commit a release is built from, for `apicli --version`: `Scripts/build-release` sets
/// `APICLI_COMMIT`. Only a short hexadecimal name (and `-modified`) becomes a C define, so that the
/// variable can never inject text into the compile; anything else is a build without a commit.
let buildCommit: String? = {
    guard let commit = Context.environment["APICLI_COMMIT"], (7...40).contains(commit.count - (commit.hasSuffix("-modified") ? 9 : 0))
    else { return nil }
    let hex = commit.hasSuffix("-modified") ? commit.dropLast(9) : Substring(commit)
    return hex.allSatisfy { $0.isHexDigit && !$0.isUppercase } ? commit : nil
}()

let providerTargets: [Target] = providerNames.map { name in
    .target(name: name, dependencies: ["APICore"], path: "Plugins/\(name)", swiftSettings: strict)
}

let providerTestTargets: [Target] = providers.filter { $0.tests != .absent }.map { provider in
    .testTarget(
        name: "\(provider.target)Tests",
        dependencies: [.target(name: provider.target), "APIHost", "TestSupport", "ProviderConformance"],
        path: "Tests/\(provider.target)Tests",
        exclude: provider.tests == .sourcesAndFixtures ? ["Fixtures"] : [],
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
        // What Foundation proper had and FoundationEssentials lacks (trimming, replacing, percent-coding,
        // a few formats, a thread): Foundation proper would link ICU's 34 MB data table. A leaf under all,
        // so it also holds the one JSON string scan and escape decoder that every JSON reader walks.
        .target(name: "APIBasics", swiftSettings: strict),
        // What the store's users work with: values, rows, errors, migrations, and the narrow
        // `StoreTransaction` a provider reaches the store through. The kit hands it on; the store implements it.
        .target(name: "APIStoreModel", dependencies: ["APIBasics"], swiftSettings: strict),
        // `-lsqlite3`: the shared library, or the static archive where the release build puts
        // `Linking/static-sqlite3` on the library path.
        .target(
            name: "APIStore", dependencies: ["CSQLite", "APIBasics", "APIStoreModel"], swiftSettings: strict,
            linkerSettings: [.linkedLibrary("sqlite3")]
        ),
        // libcurl's ABI, declared by the shim itself (no libcurl header): it opens libcurl with dlopen on the first request.
        .target(name: "CCurlShim", path: "Sources/CCurlShim"),
        // What a request is made of, below the client: query items, rate limits, where a key goes, links.
        .target(name: "APIHTTPModel", dependencies: ["APIBasics"], swiftSettings: strict),
        .target(
            name: "APIHTTP",
            dependencies: ["APIBasics", "APIHTTPModel", .target(name: "CCurlShim", condition: .when(platforms: [.linux]))],
            swiftSettings: strict
        ),
        // Where the binary came from (`apicli --version`), as a C define set by the release script.
        .target(
            name: "CBuildInfo", path: "Sources/CBuildInfo",
            cSettings: buildCommit.map { [.define("APICLI_COMMIT", to: "\"\($0)\"")] } ?? []
        ),
        // libyaml's header only: the shim opens libyaml with dlopen when the first YAML document is read.
        .target(name: "CYAMLShim", path: "Sources/CYAMLShim"),
        // libpq's header only: the shim opens libpq with dlopen when a team database is first used.
        .target(name: "CPostgresShim", path: "Sources/CPostgresShim"),
        // A small client for PostgreSQL over that shim: connect, statements with parameters, rows, errors.
        .target(
            name: "APIPostgres",
            dependencies: ["APIBasics", .target(name: "CPostgresShim", condition: .when(platforms: [.linux]))],
            swiftSettings: strict
        ),
        .target(
            name: "APIDocuments",
            dependencies: ["APIBasics", .target(name: "CYAMLShim", condition: .when(platforms: [.linux]))],
            swiftSettings: strict
        ),
        // The provider kit: neither the HTTP client nor the store is below it, so a provider
        // target, which depends on the kit alone, cannot import either (the import check refuses it).
        .target(name: "APICore", dependencies: ["APIBasics", "APIHTTPModel", "APIStoreModel"], swiftSettings: strict),
        // The engine that serves provider files and imports OpenAPI documents: a provider
        // target like the others, with no command word of its own, that also reads documents.
        .target(
            name: "ProviderFiles", dependencies: ["APICore", "APIDocuments"], path: "Plugins/ProviderFiles",
            swiftSettings: strict
        ),
        // The host keeps the `apicli provider …` commands, which call the engine's public API.
        .target(
            name: "APIHost", dependencies: ["APICore", "APIHTTP", "APIStore", "ProviderFiles", "CBuildInfo", "APIPostgres"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "apicli",
            dependencies: ["APIHost"] + providerNames.map { .target(name: $0) },
            swiftSettings: strict,
            plugins: [.plugin(name: "ProviderRegistry")]
        ),
        .executableTarget(
            name: "DocumentReadingBenchmark", dependencies: ["APIDocuments"], path: "Benchmarks/DocumentReading",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "ProviderRegistryGenerator",
            path: "PackageTools/ProviderRegistryGenerator",
            swiftSettings: strict
        ),
        .plugin(
            name: "ProviderRegistry",
            capability: .buildTool(),
            dependencies: ["ProviderRegistryGenerator"],
            path: "PackageTools/ProviderRegistry"
        ),
        .plugin(
            name: "NewProvider",
            capability: .command(
                intent: .custom(verb: "new-provider", description: "Scaffold a provider under Plugins/ with its tests"),
                permissions: [.writeToPackageDirectory(reason: "It creates Plugins/<Name> and Tests/<Name>Tests.")]
            ),
            path: "PackageTools/NewProvider"
        ),
        .target(
            name: "TestSupport",
            dependencies: ["APIHTTP", "APICore", "APIHost"],
            path: "Tests/Support",
            swiftSettings: strict
        ),
        .target(
            name: "ProviderConformance",
            dependencies: ["APIHost", "TestSupport"],
            path: "Tests/Conformance",
            swiftSettings: strict
        ),
        .testTarget(name: "APIBasicsTests", dependencies: ["APIBasics"], swiftSettings: strict),
        .testTarget(name: "APIStoreTests", dependencies: ["APIStore", "CSQLite", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "APIHTTPTests",
            dependencies: ["APIHTTP", "TestSupport", .target(name: "CCurlShim", condition: .when(platforms: [.linux]))],
            swiftSettings: strict
        ),
        .testTarget(
            name: "APIDocumentsTests", dependencies: ["APIDocuments", "TestSupport"], exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        .testTarget(name: "APICoreTests", dependencies: ["APICore", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "APIPostgresTests", dependencies: ["APIPostgres"], swiftSettings: strict),
        .testTarget(
            name: "APIHostTests", dependencies: ["APIHost", "TestSupport"], exclude: ["Snapshots"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "apicliTests",
            dependencies: ["apicli", "APICore", "APIHost", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ProviderFilesTests", dependencies: ["ProviderFiles", "APIDocuments", "APIHost", "TestSupport", "ProviderConformance"],
            swiftSettings: strict
        ),
    ] + providerTargets + providerTestTargets,
    swiftLanguageModes: [.v6]
)
