import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The provider files compiled into apicli (``BundledProviderFiles``), served as the providers
/// folder serves its files: read and checked by ``ProviderFileReader`` when a run, a listing
/// or `provider show` asks for one, never before. Nothing is read from disk.
public struct BundledCatalog: ProviderCatalog {
    /// What a bundled file cannot take: the compiled providers' names and the built-in commands.
    public let reserved: ReservedNames

    public init(reserved: ReservedNames) {
        self.reserved = reserved
    }

    /// The checked file `name`, or nil when none is bundled under that name.
    public func file(named name: String) throws(ProviderFileError) -> ProviderFile? {
        guard let bundled = BundledProviderFiles.file(named: name), !reserved.commands.contains(name) else { return nil }
        let reader = ProviderFileReader(file: bundled.origin, expectedName: name, reserved: reserved)
        return try reader.read(Array(bundled.text.utf8))
    }

    public func provider(named name: String) throws(ProviderFailure) -> (any Provider)? {
        do {
            guard let bundled = BundledProviderFiles.file(named: name), let file = try file(named: name) else { return nil }
            return file.provider(source: bundled.origin)
        } catch {
            throw .misdescribed(error.description)
        }
    }

    /// Every bundled file as listings need it: from its listed description, generated with it
    /// (a listed provider describes; ``provider(named:running:)`` reads the file to run it).
    public func entries() -> [ProviderCatalogEntry] {
        BundledProviderFiles.all.filter { !reserved.commands.contains($0.name) }.map { bundled in
            if let value = try? JSONValue.parse(Data(bundled.listed.utf8)),
               let descriptor = ListedDescriptor.decode(value, name: bundled.name)
            {
                return ProviderCatalogEntry(
                    name: bundled.name, origin: bundled.origin, provider: .success(ListedDescriptor.provider(descriptor, source: bundled.origin)))
            }
            return wholeEntry(bundled)
        }
    }

    /// Every bundled file read whole (the man page).
    public func wholeEntries() -> [ProviderCatalogEntry] {
        BundledProviderFiles.all.filter { !reserved.commands.contains($0.name) }.map(wholeEntry)
    }

    private func wholeEntry(_ bundled: BundledProviderFile) -> ProviderCatalogEntry {
        ProviderCatalogEntry(
            name: bundled.name, origin: bundled.origin,
            provider: Result { () throws(ProviderFailure) in
                guard let provider = try provider(named: bundled.name) else { throw .misdescribed("not bundled") }
                return provider
            })
    }
}
