import APICore
import Testing

@testable import ProviderFiles

/// The provider files compiled into apicli read and check as files do, and the listed description
/// generated with each is the one its file gives now: a bundle edited without `Scripts/nyt-family`
/// (or an importer that changed what it lists) fails here, not in a user's `apicli providers`.
@Suite("Bundled provider files")
struct BundledProviderFilesTests {
    static let reserved = ReservedNames(
        commands: ["nyt", "weather", "providers", "help", "provider", "api"], keyVariables: ["nyt": "NYT_API_KEY"])

    @Test("every bundled file reads, keeps NYT's key and allowance, and lists as it reads", arguments: BundledProviderFiles.all.map(\.name))
    func bundled(_ name: String) throws {
        let catalog = BundledCatalog(reserved: Self.reserved)
        let file = try #require(try catalog.file(named: name))
        let bundled = try #require(BundledProviderFiles.file(named: name))
        #expect(file.keyOf == "nyt")
        #expect(file.operations.allSatisfy { $0.path.hasPrefix("/svc/") })
        let listed = ListedDescriptor.encode(file.descriptor(source: bundled.origin)).serialized(pretty: false)
        #expect(listed == bundled.listed, "run Scripts/nyt-family: \(name)'s listed description is stale")
        let entry = try #require(catalog.entries().first { $0.name == name })
        #expect(try entry.provider.get().descriptor.credential?.keyOwner == "nyt")
    }
}
