import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The providers folder's index: `providers/.index/`, what apicli compiled from the
/// provider files so that a run pays only for the file it uses
/// (docs/design/0180-provider-files-cost-nothing-until-used.md).
///
/// - `catalog`: every file's name, stamp and what listing it needs (``CatalogListing``),
///   read by `apicli --help`, `providers` and completions instead of every file.
/// - `<name>.compiled`: one file of several operations, each operation's text apart
///   (``CompiledProvider``), so that a run reads the one it runs.
///
/// The index is only ever a copy: each entry says which file it came from (its
/// ``FileStamp``) and which names the file could not take (``fingerprint``), and is used
/// only while both are the same. Anything else — a missing, damaged, foreign or
/// untrusted index, or a folder apicli may not write — means reading the files
/// themselves, as if there were no index. It is written whole to a temporary file and
/// renamed into place, never in part, and never touches a provider file.
struct ProviderIndex: Sendable {
    /// The providers folder.
    let folder: String
    /// The reserved names the entries were checked against, as one short text.
    let fingerprint: String

    /// Bumped when what the index holds changes shape: an older or newer index is rebuilt.
    static let version = 2
    static let folderName = ".index"

    init(folder: String, reserved: ReservedNames) {
        self.folder = folder
        fingerprint = Self.fingerprint(of: reserved)
    }

    var path: String { folder + "/" + Self.folderName }
    var catalogPath: String { path + "/catalog" }

    /// Where the compiled form of `<name>.json` is: provider names have no dot, so no name
    /// can be the catalog's.
    func compiledPath(for name: String) -> String { path + "/" + name + ".compiled" }

    /// The bytes of an index file; nil when there is none, or when the index or the file
    /// could have been written by someone else (then it is not trusted, as a loose provider
    /// file is not).
    func read(_ file: String) -> [UInt8]? {
        guard FileSafety.problem(with: path, what: "the index") == nil, FileSafety.problem(with: file, what: "the index") == nil,
              let data = FileManager.default.contents(atPath: file)
        else { return nil }
        return Array(data)
    }

    /// Writes `bytes` as `file`, owner-only, through a temporary file renamed into place;
    /// false (and nothing written) when the folder cannot be made or written, as in a
    /// read-only config folder.
    @discardableResult
    func write(_ bytes: [UInt8], to file: String) -> Bool {
        if !FolderCheck.isFolder(atPath: path) {
            guard mkdir(path, 0o700) == 0 || errno == EEXIST else { return false }
        }
        guard FileSafety.problem(with: path, what: "the index") == nil else { return false }
        let temporary = file + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
        else { return false }
        guard rename(temporary, file) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Removes what the index holds for names that have no provider file any more.
    func prune(keeping names: Set<String>) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for file in files where file.hasSuffix(".compiled") && !names.contains(String(file.dropLast(".compiled".count))) {
            unlink(path + "/" + file)
        }
    }

    /// FNV-1a of the reserved names, sorted: an index made by a build with other compiled
    /// providers or global options is not this build's.
    static func fingerprint(of reserved: ReservedNames) -> String {
        let text = "v\(version) format\(ProviderFile.formatVersion)\n" + reserved.commands.sorted().joined(separator: ",") + "\n"
            + reserved.options.sorted().joined(separator: ",") + "\n"
            + reserved.keyVariables.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value }.joined(separator: ",")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
