import Foundation
import Testing
@testable import APIHost

/// The process's variables are read from `environ` by bytes: split at the first `=`,
/// entries without one skipped, the first of a name set twice kept (what `getenv` finds).
@Suite struct ProcessVariablesTests {
    /// `entries` as a NULL-terminated array of C strings, as `environ` is.
    private func reading(_ entries: [String]) -> [String: String] {
        let copies = entries.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var array: [UnsafeMutablePointer<CChar>?] = copies + [nil]
        return array.withUnsafeMutableBufferPointer { ProcessVariables.read($0.baseAddress) }
    }

    @Test func entriesAreSplitAtTheFirstEquals() {
        let variables = reading(["HOME=/home/a", "EMPTY=", "URL=http://x/?a=b=c", "NOEQUALS", "LANG=fr_FR.UTF-8", "É=été"])
        #expect(variables == [
            "HOME": "/home/a", "EMPTY": "", "URL": "http://x/?a=b=c", "LANG": "fr_FR.UTF-8", "É": "été",
        ])
    }

    @Test func theFirstOfANameSetTwiceIsKept() {
        #expect(reading(["A=1", "B=2", "A=3"]) == ["A": "1", "B": "2"])
        #expect(reading([]) == [:])
        #expect(ProcessVariables.read(nil) == [:])
    }

    @Test func theProcessEnvironmentReadsAsGetenvDoes() {
        let variables = HostEnvironment.current().variables
        #expect(!variables.isEmpty)
        for name in ["PATH", "HOME"] {
            #expect(variables[name] == getenv(name).map { String(cString: $0) })
        }
    }
}
