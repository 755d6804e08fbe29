@testable import APIHost
@testable import ProviderFiles
import Foundation
import Testing
import TestSupport

/// The providers folder's index (`providers/.index/`) is a copy that is never served stale:
/// a run and a listing use it while it describes the files as they are, and read the files
/// again (rewriting it) when one changed, went away, or the index is damaged, foreign or not
/// to be trusted; a folder it cannot be written in works without it; a provider file is never
/// touched.
@Suite("The providers folder's index")
struct ProviderIndexHostTests {
    static let books = OperationHelpHostTests.file

    struct Folder {
        let host: ProviderFilesHost
        var index: String { host.providersFolder + "/.index" }
        var catalog: String { index + "/catalog" }
        var compiled: String { index + "/books.compiled" }
        var file: String { host.providersFolder + "/books.json" }

        func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

        func write(_ text: String, to path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }

        /// `path` with the first `old` replaced by `new`, which has its length: the index's byte counts still hold.
        func replaceFirst(_ old: String, with new: String, in path: String) throws {
            #expect(old.utf8.count == new.utf8.count)
            let text = try self.text(path)
            let range = try #require(text.range(of: old), "\(old) in \(path)")
            try write(text.replacingCharacters(in: range, with: new), to: path)
        }
    }

    static func folder() async throws -> Folder {
        let host = try ProviderFilesHost()
        try host.installProviderFile("books", books)
        try host.installProviderFile("one", SampleFiles.wikipedia.replacingOccurrences(of: #""name": "wiki""#, with: #""name": "one""#))
        let listed = await host.run(["providers"])
        #expect(listed.code == .success, "\(listed.stderr)")
        return Folder(host: host)
    }

    @Test("a listing writes the catalog and each file of several operations' compiled form; runs then use them")
    func madeAndUsed() async throws {
        let folder = try await Self.folder()
        #expect(FileManager.default.fileExists(atPath: folder.catalog))
        #expect(FileManager.default.fileExists(atPath: folder.compiled))
        #expect(!FileManager.default.fileExists(atPath: folder.index + "/one.compiled"), "one operation: the file is read")
        // What the index says is what runs see, while the file is as it was: a summary changed in
        // the compiled form (and only there) shows.
        try folder.replaceFirst("The names of the lists.", with: "Names, from the index!!", in: folder.compiled)
        let help = await folder.host.run(["help", "books"])
        #expect(help.stdout.contains("Names, from the index!!"), "\(help.stdout)")
        try folder.replaceFirst("Best sellers.", with: "Listed: index", in: folder.catalog)
        let providers = await folder.host.run(["providers"])
        #expect(providers.stdout.contains("Listed: index"), "\(providers.stdout)")
    }

    @Test("a changed file is read again, even at the same size; its runs and listings never see the old one")
    func changed() async throws {
        let folder = try await Self.folder()
        let before = try folder.text(folder.compiled)
        let edited = Self.books.replacingOccurrences(of: "The names of the lists.", with: "The names of the LISTS.")
            .replacingOccurrences(of: "Best sellers.", with: "Best SELLERS.")
        #expect(edited.utf8.count == Self.books.utf8.count)
        try folder.write(edited, to: folder.file)
        let help = await folder.host.run(["help", "books"])
        #expect(help.stdout.contains("The names of the LISTS.") && !help.stdout.contains("The names of the lists."), "\(help.stdout)")
        #expect(try folder.text(folder.compiled) != before, "the compiled form was made again")
        let providers = await folder.host.run(["providers"])
        #expect(providers.stdout.contains("Best SELLERS."), "\(providers.stdout)")
        let run = await folder.host.run(["books", "lists-names", "--help"])
        #expect(run.stdout.contains("The names of the LISTS."), "\(run.stdout)")
    }

    @Test("a removed file is gone from listings and runs, and its compiled form with it")
    func removed() async throws {
        let folder = try await Self.folder()
        try FileManager.default.removeItem(atPath: folder.file)
        let providers = await folder.host.run(["providers"])
        #expect(!providers.stdout.contains("books"), "\(providers.stdout)")
        let run = await folder.host.run(["books", "lists-names"])
        #expect(run.code == .usage && run.stderr.contains("unknown command or provider 'books'"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.compiled))
        #expect(!(try folder.text(folder.catalog)).contains("books"))
    }

    @Test("a damaged, cut, foreign or loose index is not believed: the files are read and the index made again",
          arguments: ["garbage", "cut", "foreign", "loose"])
    func distrusted(how: String) async throws {
        let folder = try await Self.folder()
        for path in [folder.catalog, folder.compiled] {
            let text = try folder.text(path)
            switch how {
            case "garbage": try folder.write("\u{0}not an index\n\u{1}", to: path)
            case "cut": try folder.write(String(text.prefix(text.count / 2)), to: path)
            case "foreign":
                // Written by a build with other reserved names (another fingerprint), saying something else.
                let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
                try folder.write(String(lines[0]) + "\n0123456789abcdef\n" + String(lines[2]), to: path)
                try Self.sayOtherwise(folder, path, "Foreign sellers", "Foreign names of the lst")
            default:
                try Self.sayOtherwise(folder, path, "Loose sellers", "Loose names of the lists")
                try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: path)
            }
        }
        let providers = await folder.host.run(["providers"])
        #expect(providers.code == .success, "\(providers.stderr)")
        #expect(providers.stdout.contains("books") && providers.stdout.contains("Best sellers."), "\(providers.stdout)")
        let help = await folder.host.run(["help", "books"])
        #expect(help.code == .success && help.stdout.contains("The names of the lists."), "\(help.stdout)")
        let run = await folder.host.run(["books", "lists-names", "--help"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(try folder.text(folder.catalog).hasPrefix("apicli-catalog "), "the catalog was written again")
        #expect(try folder.text(folder.compiled).hasPrefix("apicli-compiled "), "the compiled form was written again")
    }

    /// The index at `path` with the provider's summary, or the operation's, said otherwise in as many bytes.
    static func sayOtherwise(_ folder: Folder, _ path: String, _ summary: String, _ operation: String) throws {
        if path == folder.catalog {
            try folder.replaceFirst("Best sellers.", with: String(summary.prefix(13)), in: path)
        } else {
            try folder.replaceFirst("The names of the lists.", with: String(operation.prefix(23)), in: path)
        }
    }

    @Test("a folder the index cannot be written in: everything works from the files")
    func unwritable() async throws {
        let host = try ProviderFilesHost()
        try host.installProviderFile("books", Self.books)
        // The index's place taken by a file: the folder cannot be made, as in a read-only config folder.
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: host.providersFolder + "/.index"))
        for _ in 0..<2 {
            let providers = await host.run(["providers"])
            #expect(providers.code == .success && providers.stdout.contains("Best sellers."), "\(providers.stderr)")
            let help = await host.run(["help", "books", "lists-names"])
            #expect(help.code == .success && help.stdout.contains("The names of the lists."), "\(help.stderr)")
        }
        #expect(try String(contentsOfFile: host.providersFolder + "/.index", encoding: .utf8) == "not a folder")
    }

    @Test("the index never writes, moves or removes a provider file; a broken file is listed broken, and mended")
    func filesUntouched() async throws {
        let folder = try await Self.folder()
        try folder.host.installProviderFile("broken", #"{"apicli": 1, "name": "broken"}"#)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.host.providersFolder).sorted()
        let texts = try before.filter { $0.hasSuffix(".json") }.map { try folder.text(folder.host.providersFolder + "/" + $0) }
        let listed = await folder.host.run(["providers"])
        #expect(listed.stdout.contains("broken") && listed.stdout.contains("summary"), "\(listed.stdout)")
        try folder.write("garbage", to: folder.catalog)
        _ = await folder.host.run(["providers"])
        _ = await folder.host.run(["help", "books"])
        let after = try FileManager.default.contentsOfDirectory(atPath: folder.host.providersFolder).sorted()
        #expect(after == before)
        #expect(try after.filter { $0.hasSuffix(".json") }.map { try folder.text(folder.host.providersFolder + "/" + $0) } == texts)
        try folder.host.installProviderFile("broken", Self.books.replacingOccurrences(of: #""name": "books""#, with: #""name": "broken""#))
        let mended = await folder.host.run(["providers"])
        #expect(mended.stdout.contains("broken") && !mended.stdout.contains("missing"), "\(mended.stdout)")
    }

    @Test("a listed description is the whole one's listing part: name, summary, key, limits, base URL, configurable options")
    func listedIsWhole() throws {
        for text in [Self.books, SampleFiles.wikipedia] {
            var file = try SampleFiles.read(text)
            file.rateLimits = [.perMinute(5)]
            file.spacing = 3
            let whole = file.descriptor(source: "x.json")
            let value = try JSONValue.parse(Data(ListedDescriptor.encode(whole).serialized(pretty: false).utf8))
            let listed = try #require(ListedDescriptor.decode(value, name: file.name))
            #expect(listed.name == whole.name && listed.summary == whole.summary && listed.displayName == whole.displayName)
            #expect(listed.defaultBaseURL == whole.defaultBaseURL && listed.credential == whole.credential)
            #expect(listed.rateLimits == whole.rateLimits && listed.cacheTTL == whole.cacheTTL)
            #expect(listed.options.map(\.name) == whole.options.filter(\.configurable).map(\.name))
            #expect(listed.options.map(\.choices) == whole.options.filter(\.configurable).map(\.choices))
            #expect(listed.storageOwnership == whole.storageOwnership)
        }
    }
}
