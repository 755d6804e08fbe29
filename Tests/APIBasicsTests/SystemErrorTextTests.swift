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
