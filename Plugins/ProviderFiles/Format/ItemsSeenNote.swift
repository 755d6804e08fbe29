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

/// Adds a shape to one operation's `itemsSeen` in a provider file on disk, so that
/// the next run reads such an answer without saying so again.
///
/// The file is edited as JSON, not rewritten from what apicli understood of it:
/// every member stays, in its order (`$schema`, a field a newer apicli added), and
/// only the layout becomes apicli's own. The result must read back as a provider
/// file before it replaces the old one, through a temporary file beside it and a
/// rename, with the old file's mode: a failure at any step leaves the user's file as
/// it was. Nothing is written to a file or folder that others can write (``FileSafety``).
/// A provider file that is a symbolic link (kept with a person's dotfiles) stays one: its
/// target is edited, beside itself.
enum ItemsSeenNote {
    /// Whether `path` now remembers `shape` for the operation named `operation` of the
    /// provider `name` (it did already, or the edit was written).
    static func add(_ shape: ItemsShape, operation: String, provider name: String, at given: String) -> Bool {
        guard given.hasPrefix("/"), given.hasSuffix(".json"), let path = realPath(given) else { return false }
        let folder = PathText.folder(of: path)
        guard
              FileSafety.problem(with: folder, what: "") == nil, FileSafety.problem(with: path, what: "") == nil,
              let bytes = FileManager.default.contents(atPath: path),
              let before = try? ProviderFileReader(file: path, expectedName: name, reserved: ReservedNames()).read(Array(bytes)),
              let known = before.operations.first(where: { $0.name == operation })
        else { return false }
        if known.items == shape || known.itemsSeen.contains(shape) { return true }
        guard let document = try? JSONValue.parse(bytes), let edited = adding(shape, to: document, operation: operation, provider: name)
        else { return false }
        let text = edited.serialized(pretty: true) + "\n"
        guard let after = try? ProviderFileReader(file: path, expectedName: name, reserved: ReservedNames()).read(Array(text.utf8)),
              after.operations.first(where: { $0.name == operation })?.itemsSeen.contains(shape) == true
        else { return false }
        return replace(path, in: folder, with: Data(text.utf8))
    }

    /// The document with `shape` appended to the operation's `itemsSeen` (made after
    /// `items` when there is none); the oldest goes when the list is full.
    static func adding(_ shape: ItemsShape, to document: JSONValue, operation: String, provider name: String) -> JSONValue? {
        guard case var .object(top) = document else { return nil }
        if let index = top.firstIndex(where: { $0.key == "operations" }) {
            guard case var .array(operations) = top[index].value,
                  let at = operations.firstIndex(where: { $0["name"] == .string(operation) }),
                  case let .object(members) = operations[at]
            else { return nil }
            operations[at] = .object(noting(shape, in: members))
            top[index].value = .array(operations)
            return .object(top)
        }
        guard operation == name else { return nil }
        return .object(noting(shape, in: top))
    }

    private static func noting(_ shape: ItemsShape, in members: [JSONValue.Member]) -> [JSONValue.Member] {
        var members = members
        let written = ProviderFileWriter.items(shape)
        if let index = members.firstIndex(where: { $0.key == "itemsSeen" }) {
            var seen = members[index].value.elements
            seen.append(written)
            members[index].value = .array(Array(seen.suffix(ProviderFileReader.maxItemsSeen)))
        } else {
            let after = (members.firstIndex { $0.key == "items" } ?? members.count - 1) + 1
            members.insert(JSONValue.Member("itemsSeen", .array([written])), at: after)
        }
        return members
    }

    /// The path with every symbolic link resolved; nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes `data` to a temporary file in `folder`, with the mode of `path`, then renames it over `path`.
    private static func replace(_ path: String, in folder: String, with data: Data) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let temporary = folder + "/." + PathText.lastComponent(of: path) + ".tmp-\(getpid())"
        let mode = Int(info.st_mode & 0o700)
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: mode]) else {
            return false
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
