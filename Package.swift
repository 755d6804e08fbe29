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

/// The providers this build links: the command word and the target under
/// `Plugins/<Target>`, one line each. `swift package new-provider` adds a line;
/// the `ProviderRegistry` build-tool plugin turns the list into code.
let providers: [(command: String, target: String)] = [
    ("nyt", "NYT"),
    ("weather", "Weather"),
]

// Two providers with one command word would shadow each other: stop the build and name both.
for (index, provider) in providers.enumerated() {
    if let other = providers[..<index].first(where: { $0.command == provider.command || $0.target == provider.target }) {
        FileHandle.standardError.write(Data(
            "error: two providers are named '\(provider.command)': \(other.target) and \(provider.target); rename one in Package.swift\n".utf8))
        exit(1)
    }
}

/// Whether `Tests/<name>` exists, so a provider without tests still builds.
func hasTests(_ name: String) -> Bool {
    FileManager.default.fileExists(atPath: Context.packageDirectory + "/Tests/\(name)")
}

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    // Release code reaches a concrete generic type's metadata (`[String: String]`, `Stored<Forecast>`)
    // through its accessor function, not its mangled name: resolving a name makes the runtime demangle
    // it and scan every protocol conformance record of the binary for each requirement it names, a
    // fifth of `weather … --offline`'s instructions (BENCHMARKS.md, issue 24, branch su24).
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
    // Each function in a section of its own, so that the release link's symbol order (`releaseLinking`)
    // can place it: without it a source file's code is one section, moved whole.
    .unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release)),
]

let providerNames = providers.map(\.target)

/// SQLite is linked from its static archive where the system has one (Debian's and Ubuntu's
/// `libsqlite3-dev` do): the shared library is built with BIND_NOW, so loading it made ld.so
/// resolve its 1,610 symbols at every start, a fifth of `apicli --version`'s instructions
/// (BENCHMARKS.md, issue 24). Elsewhere (macOS, a distribution without the archive) it is the
/// shared library, as before.
let sqliteLibrary: String = {
    let folders = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
    #if os(Linux)
    if folders.contains(where: { FileManager.default.fileExists(atPath: $0 + "/libsqlite3.a") }) {
        return ":libsqlite3.a"
    }
    #endif
    return "sqlite3"
}()

/// How the release executable is linked on Linux, for a faster start (BENCHMARKS.md, issue 24, branch su24).
///
/// - It exports none of its own symbols (`--no-export-dynamic`; the Swift driver asks for
///   `-export-dynamic`): nothing loads against them (libcurl and libyaml are opened with dlopen and
///   call nothing back), and the Swift runtime's start-up `dladdr` walks every exported symbol,
///   4,600 of them, at every start.
/// - Where the toolchain has lld and the C library reads packed relative relocations (glibc 2.36,
///   `DT_RELR`), lld links it with `-z pack-relative-relocs`: ld.so applies 43,000 relocations from a
///   9 KB table instead of a 1 MB one. The binary then needs glibc 2.36 where it runs, as it does
///   where it was built (`Scripts/install` builds where it installs). Elsewhere the default linker links it.
/// - With lld, the functions the common commands run come first, in the order `Linking/apicli.order`
///   lists them (`Benchmarks/order_file.py` writes it from a build), so that a run's code sits in few
///   pages: `--version` faults in half the code pages, and a large answer keeps 3 MiB less code
///   resident (BENCHMARKS.md, "The binary's layout", branch ord29). A stale list only costs speed,
///   so symbols it names that the binary no longer has are skipped without a warning.
/// - Where the C++ runtime's static archive is installed beside the GCC that clang links with,
///   libstdc++ and libgcc are linked in, not loaded: ld.so no longer maps libstdc++.so.6 and
///   libgcc_s.so.1 and resolves their thousands of symbols at every start (a hello world 1.65 →
///   1.13 ms). The Swift driver asks for `-lstdc++` itself, after any flag of ours, so
///   `Linking/static-libstdc++` holds a linker script named `libstdc++.so` that the linker finds
///   first, and that asks for the archive (BENCHMARKS.md, issue 24, eighth stop).
let releaseLinking: [LinkerSetting] = {
    #if os(Linux)
    var flags = ["-Xlinker", "--no-export-dynamic"]
    #if canImport(Glibc)
    if hasPackedRelocations() {
        flags = ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] + flags
        let order = Context.packageDirectory + "/Linking/apicli.order"
        if FileManager.default.fileExists(atPath: order) {
            flags += ["-Xlinker", "--symbol-ordering-file=\(order)", "-Xlinker", "--no-warn-symbol-ordering"]
        }
        if hasStaticCXXRuntime() {
            flags += ["-L", Context.packageDirectory + "/Linking/static-libstdc++", "-Xclang-linker", "-static-libgcc"]
        }
    }
    #endif
    return [.unsafeFlags(flags, .when(platforms: [.linux], configuration: .release))]
    #else
    return []
    #endif
}()

#if canImport(Glibc)
/// Whether lld is on `PATH` (Swift's Linux toolchains ship it beside `swiftc`) and glibc is 2.36 or later.
func hasPackedRelocations() -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let lld = path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/ld.lld") }
    var text = [CChar](repeating: 0, count: 64)  // "glibc 2.36"
    _ = confstr(Int32(_CS_GNU_LIBC_VERSION), &text, text.count)
    let words = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ")
    let version = words.last?.split(separator: ".").compactMap { Int($0) } ?? []
    return lld && version.count >= 2 && (version[0], version[1]) >= (2, 36)
}

/// Whether the GCC installation clang links with (the highest version under `/usr/lib/gcc/<triple>`
/// that has `crtbegin.o`) has `libstdc++.a`, which `Linking/static-libstdc++` asks for.
func hasStaticCXXRuntime() -> Bool {
    let root = "/usr/lib/gcc"
    let triples = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    #if arch(x86_64)
    let machine = "x86_64"
    #else
    let machine = "aarch64"
    #endif
    // The host's own triple: a cross compiler's folder beside it is not the one clang links with.
    for triple in triples where triple.hasPrefix(machine + "-") && triple.hasSuffix("-linux-gnu") {
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(triple)")) ?? [])
            .filter { FileManager.default.fileExists(atPath: "\(root)/\(triple)/\($0)/crtbegin.o") }
            .sorted { $0.split(separator: ".").compactMap { Int($0) }.lexicographicallyPrecedes($1.split(separator: ".").compactMap { Int($0) }) }
        if let newest = versions.last {
            return FileManager.default.fileExists(atPath: "\(root)/\(triple)/\(newest)/libstdc++.a")
        }
    }
    return false
}
#endif

let providerTargets: [Target] = providerNames.map { name in
    .target(name: name, dependencies: ["APICore"], path: "Plugins/\(name)", swiftSettings: strict)
}

let providerTestTargets: [Target] = providerNames.filter { hasTests("\($0)Tests") }.map { name in
    .testTarget(
        name: "\(name)Tests",
        dependencies: [.target(name: name), "APIHost", "TestSupport", "ProviderConformance"],
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
        // What Foundation proper had and FoundationEssentials lacks (trimming, replacing, percent-coding,
        // a few formats, a thread): Foundation proper would link ICU's 34 MB data table. A leaf under all.
        .target(name: "APIBasics", swiftSettings: strict),
        // What the store's users work with: values, rows, errors, migrations, and the narrow
        // `StoreTransaction` a provider reaches the store through. The kit hands it on; the store implements it.
        .target(name: "APIStoreModel", dependencies: ["APIBasics"], swiftSettings: strict),
        .target(
            name: "APIStore", dependencies: ["CSQLite", "APIBasics", "APIStoreModel"], swiftSettings: strict,
            linkerSettings: [.linkedLibrary(sqliteLibrary)]
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
        // libyaml's header only: the shim opens libyaml with dlopen when the first YAML document is read.
        .target(name: "CYAMLShim", path: "Sources/CYAMLShim"),
        .target(
            name: "APIDocuments",
            dependencies: [.target(name: "CYAMLShim", condition: .when(platforms: [.linux]))],
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
            name: "APIHost", dependencies: ["APICore", "APIHTTP", "APIStore", "ProviderFiles"], swiftSettings: strict
        ),
        .executableTarget(
            name: "apicli",
            dependencies: ["APIHost"] + providerNames.map { .target(name: $0) },
            swiftSettings: strict,
            linkerSettings: releaseLinking,
            plugins: [.plugin(name: "ProviderRegistry")]
        ),
        .executableTarget(
            name: "DocumentReadingBenchmark", dependencies: ["APIDocuments"], path: "Benchmarks/DocumentReading",
            swiftSettings: strict
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
            name: "FileProviderTests", dependencies: ["ProviderFiles", "APIHost", "TestSupport", "ProviderConformance"],
            swiftSettings: strict
        ),
    ] + providerTargets + providerTestTargets,
    swiftLanguageModes: [.v6]
)
