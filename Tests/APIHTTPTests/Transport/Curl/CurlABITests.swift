#if os(Linux)
import CCurlShim
import Foundation
import Testing
@testable import APIHTTP

/// The shim builds without libcurl's header and checks the libcurl it opens.
@Suite("libcurl's ABI, declared by the shim")
struct CurlABITests {
    static let root = URL(fileURLWithPath: #filePath)  // Tests/APIHTTPTests/Transport/Curl/CurlABITests.swift
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func problem(_ version: String, _ number: UInt32) -> String? {
        var buffer = [CChar](repeating: 0, count: 160)
        guard let message = apicli_curl_version_problem(version, number, &buffer, buffer.count) else { return nil }
        return String(cString: message)
    }

    @Test("a libcurl older than 7.85.0 is refused in one line that names both versions")
    func tooOld() {
        #expect(problem("7.84.0", 0x07_54_00) == "libcurl 7.84.0 is too old: apicli needs libcurl 7.85.0 or later")
        #expect(problem("7.68.0", 0x07_44_00)?.contains("7.68.0") == true)
    }

    @Test("7.85.0 and anything newer are accepted", arguments: [UInt32(0x07_55_00), 0x07_58_01, 0x08_00_00])
    func recentEnough(number: UInt32) {
        #expect(problem("x", number) == nil)
    }

    @Test("the libcurl on this machine loads and passes the check")
    func systemLibcurlLoads() {
        #expect(apicli_curl_load() == nil)
    }

    @Test("a missing or old libcurl is not a network failure: no retry, no stored answer in its place")
    func unavailableTransportIsFinal() {
        let error = HTTPClientError.transportUnavailable(reason: "libcurl 7.84.0 is too old")
        #expect(!error.isTransient)
        #expect(!RetryPolicy.standard.isRetryable(error))
        #expect(error.description == "cannot send requests: libcurl 7.84.0 is too old")
    }

    /// The stock image has libcurl.so.4 but not its header: nothing may include it again.
    @Test("no source includes libcurl's headers")
    func noCurlHeader() throws {
        let pattern = /#\s*(include|import)\s*[<"]curl\//
        var scanned = 0
        for folder in ["Sources", "Plugins", "Tests", "PackageTools", "Benchmarks"] {
            let base = Self.root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
            for file in files where ["c", "h", "m", "modulemap", "swift"].contains(file.pathExtension) {
                scanned += 1
                let text = try String(contentsOf: file, encoding: .utf8)
                #expect(text.firstMatch(of: pattern) == nil, "\(file.path) includes a libcurl header")
            }
        }
        #expect(scanned > 100, "the sources were not found under \(Self.root.path)")
    }
}
#endif
