import APIBasics
import Foundation
import Testing

@Suite struct SystemErrorTextTests {
    @Test func fileManagerErrorsReadAsTheCLibrarySaysWhy() throws {
        let missing = "/nonexistent-\(UUID().uuidString)/file"
        do {
            try FileManager.default.removeItem(atPath: missing)
            Issue.record("removing a missing file succeeded")
        } catch {
            #expect(SystemErrorText.describe(error) == "No such file or directory")
        }
    }

    @Test func posixErrorsToo() {
        #expect(SystemErrorText.describe(POSIXError(.EACCES)) == "Permission denied")
    }
}

@Suite struct FolderCheckTests {
    @Test func foldersFilesAndNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicli-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let link = folder.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder)
        #expect(FolderCheck.isFolder(atPath: folder.path))
        #expect(FolderCheck.isFolder(atPath: link.path))
        #expect(!FolderCheck.isFolder(atPath: file.path))
        #expect(!FolderCheck.isFolder(atPath: folder.appendingPathComponent("missing").path))
    }
}
