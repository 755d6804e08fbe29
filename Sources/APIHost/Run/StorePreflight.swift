#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// The look every command takes at the store's path before SQLite opens it.
///
/// SQLite would open almost anything: it blocks on a FIFO, creates `/dev/null-journal`
/// beside `/dev/null`, and a read-write open of another program's database switches it
/// to WAL and adds apicli's tables to it. So the path is looked at first
/// (``StoreFileProbe``), without opening anything for writing, and what apicli must not
/// touch is refused with one line and exit 78, unchanged.
enum StorePreflight {
    /// What the command will do with the store, which decides what may be created.
    enum Intent: Equatable {
        /// A fetch: a missing store is created; its folder too only when `folder` (the
        /// default location: a folder the user named that does not exist is a mistake, not
        /// a request to make it).
        case create(folder: Bool)
        /// Write to a store that must already exist (`store clear`, `store vacuum`).
        case existing
        /// Only read (`store info`, `store check`, `store sql`, `store schema`): nothing is created.
        case read
    }

    /// Refuses what the store at `path` must not be opened as, for `intent`; true when
    /// there is nothing at `path` yet (and `intent` may create it).
    @discardableResult
    static func check(_ path: String, for intent: Intent) throws -> Bool {
        guard path != ":memory:" else { return false }
        switch StoreFileProbe.look(at: path) {
        case let .notRegularFile(kind):
            throw CLIError(
                "the store at \(path) is \(kind.rawValue), not a database file; use --db or APICLI_DB to name a file",
                exitCode: .configuration)
        case let .foreign(why):
            throw CLIError(
                "the store at \(path) is another program's SQLite database (\(why)); it was left unchanged: "
                    + "use --db or APICLI_DB to name an apicli store",
                exitCode: .configuration)
        case .missing where intent != .create(folder: true) && intent != .create(folder: false):
            throw CLIError("no store at \(path); fetch something first", exitCode: .noInput)
        case .missing where intent == .create(folder: false):
            let folder = PathText.folder(of: path)
            guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder) else {
                throw CLIError(
                    "the folder \(folder) of the store at \(path) does not exist; create it, or name another file with --db or APICLI_DB",
                    exitCode: .configuration)
            }
            guard FolderCheck.isFolder(atPath: folder.isEmpty ? "." : folder) else {
                throw CLIError("the store at \(path) is inside \(folder), which is not a folder", exitCode: .configuration)
            }
            return true
        case .missing:
            return true
        case .blank where intent == .read:
            throw CLIError("the store at \(path) is empty; fetch something first", exitCode: .noInput)
        case .blank, .store, .unreadable:
            // Not a database, damaged or locked: the open that follows says which.
            return false
        }
    }
}
