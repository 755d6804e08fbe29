#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Whether a path names a folder (after following symbolic links), as
/// `FileManager.fileExists(atPath:isDirectory:)` tells it. That call takes a
/// `Bool` in FoundationEssentials and an `ObjCBool` in Foundation proper, so code
/// that builds with either asks here.
public enum FolderCheck {
    public static func isFolder(atPath path: String) -> Bool {
        #if canImport(FoundationEssentials)
        var isFolder = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder
        #else
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        #endif
    }
}
