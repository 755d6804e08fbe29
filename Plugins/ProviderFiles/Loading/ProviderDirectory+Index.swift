import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The providers folder read through its index (``ProviderIndex``): a run reads the one
/// operation it runs, and a listing reads one catalog, whatever the folder holds. Each
/// falls back to reading the files themselves, and refreshes the index from them,
/// whenever the index is missing, damaged, stale or cannot be trusted.
extension ProviderDirectory {
    var index: ProviderIndex { ProviderIndex(folder: path, reserved: reserved) }

    /// The provider `<name>.json` defines, described for running `operation` (a word that
    /// names one of its operations, or nil for none): the other operations are known by
    /// name, summary and path alone. nil when there is no such file.
    public func provider(named name: String, running operation: String?) throws(ProviderFileError) -> (any Provider)? {
        guard ProviderDescriptor.isValidName(name), !reserved.commands.contains(name) else { return nil }
        let file = filePath(for: name)
        guard let stamp = FileStamp(path: file) else { return try provider(named: name) }
        if FileSafety.problem(with: path, what: "the providers folder") == nil,
           FileSafety.problem(with: file, what: "the provider file") == nil,
           let bytes = index.read(index.compiledPath(for: name)),
           let compiled = CompiledProvider.decode(
               bytes, stamp: stamp, fingerprint: index.fingerprint, running: operation,
               reader: ProviderFileReader(file: file, expectedName: name, reserved: reserved))
        {
            return compiled.provider(source: file)
        }
        let whole = try read(file, expectedName: name)
        if whole.operations.count > 1 {
            index.write(CompiledProvider.encode(whole, stamp: stamp, fingerprint: index.fingerprint), to: index.compiledPath(for: name))
        }
        return whole.provider(source: file)
    }

    /// Every `*.json` of the folder, by name, as listings need it (``ListedDescriptor``: no
    /// operations, no help texts). From the catalog where it is current; any file it does not
    /// describe as it is now is read, and the catalog rewritten. A listed provider describes;
    /// ``provider(named:running:)`` runs.
    public func listedEntries() -> [ProviderCatalogEntry] {
        guard FileSafety.problem(with: path, what: "the providers folder") == nil else { return entries().map(Self.catalogEntry) }
        let names = fileNames()
        let index = self.index
        let stored = index.read(index.catalogPath).flatMap { CatalogListing.decode($0, fingerprint: index.fingerprint) }
        var known: [String: CatalogListing.Entry] = [:]
        for entry in stored?.entries ?? [] { known[entry.name] = entry }
        var fresh: [CatalogListing.Entry] = []
        var listed: [ProviderCatalogEntry] = []
        var changed = stored == nil || stored?.entries.map(\.name) != names
        for name in names {
            let file = filePath(for: name)
            guard !reserved.commands.contains(name), FileSafety.problem(with: file, what: "the provider file") == nil,
                  let stamp = FileStamp(path: file)
            else {
                listed.append(Self.catalogEntry(entry(name)))
                continue
            }
            if let entry = known[name], entry.stamp == stamp, let made = catalogEntry(entry, file: file) {
                fresh.append(entry)
                listed.append(made)
                continue
            }
            changed = true
            let entry = reread(name, file: file, stamp: stamp, index: index)
            fresh.append(entry)
            listed.append(catalogEntry(entry, file: file) ?? Self.catalogEntry(self.entry(name)))
        }
        if changed, !names.isEmpty || stored != nil,
           index.write(CatalogListing(entries: fresh).encode(fingerprint: index.fingerprint), to: index.catalogPath)
        {
            index.prune(keeping: Set(names))
        }
        return listed
    }

    /// The catalog's entry for `<name>.json`, read and checked whole; a file of several
    /// operations gets its compiled form written on the way.
    private func reread(_ name: String, file: String, stamp: FileStamp, index: ProviderIndex) -> CatalogListing.Entry {
        do {
            let whole = try read(file, expectedName: name)
            if whole.operations.count > 1 {
                index.write(CompiledProvider.encode(whole, stamp: stamp, fingerprint: index.fingerprint), to: index.compiledPath(for: name))
            }
            return CatalogListing.Entry(name: name, stamp: stamp, content: CatalogListing.listed(whole, source: file))
        } catch {
            return CatalogListing.Entry(name: name, stamp: stamp, content: .broken(error.description))
        }
    }

    /// The names of the folder's `*.json` files, sorted, hidden ones left out.
    func fileNames() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.startsWithLiteral(".") }.map { String($0.dropLast(".json".count)) }.sorted()
    }

    /// One catalog entry as the registry lists it; nil when its text no longer reads.
    private func catalogEntry(_ entry: CatalogListing.Entry, file: String) -> ProviderCatalogEntry? {
        switch entry.content {
        case let .broken(error):
            return ProviderCatalogEntry(name: entry.name, origin: file, provider: .failure(.misdescribed(error)))
        case let .listed(text, _):
            guard let value = try? JSONValue.parse(Data(text)), let descriptor = ListedDescriptor.decode(value, name: entry.name)
            else { return nil }
            return ProviderCatalogEntry(name: entry.name, origin: file, provider: .success(ListedDescriptor.provider(descriptor, source: file)))
        }
    }

    private static func catalogEntry(_ entry: Entry) -> ProviderCatalogEntry {
        ProviderCatalogEntry(name: entry.name, origin: entry.path, provider: entry.result.mapError { .misdescribed($0.description) })
    }
}
