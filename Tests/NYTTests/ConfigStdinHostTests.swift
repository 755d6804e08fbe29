import APIHost
import Foundation
import Testing
import TestSupport

@testable import NYT

/// `config set nyt.api-key` with the key on standard input, in-process through
/// `HostEnvironment.readLine`: it lands in a 0600 file and is printed nowhere.
/// (This was the stdin test of the binary's `ConfigEndToEndTests`; the one typed on a
/// terminal without echo needs a pty and stays there.)
@Suite("A key from stdin, in-process")
struct ConfigStdinHostTests {
    @Test("config set nyt.api-key reads stdin; list and get never print it; the file is 0600; searches send it")
    func keyFromStdin() async throws {
        let secret = "stdinKEY-5d4c3b2a"
        let nyt = try NYTHost()
        let keyless = ["NYT_API_KEY"]
        let set = await nyt.host.run(["config", "set", "nyt.api-key"], setting: [:], unsetting: keyless, stdin: secret + "\n")
        #expect(set.code == .success, "\(set.stderr)")

        let path = nyt.host.directory.path("config/apicli/config")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("nyt.api-key = \(secret)"))

        let listed = await nyt.run(["config", "list"], unsetting: keyless)
        let got = await nyt.run(["config", "get", "nyt.api-key"], unsetting: keyless)
        let ran = await nyt.run(["nyt", "election", "--verbose"], unsetting: keyless)
        #expect(listed.code == .success && got.code == .success)
        #expect(listed.stdout.contains("nyt.api-key"))
        #expect(listed.stdout.contains("(set)"))
        #expect(got.stdout.contains("(set)"))
        #expect(ran.code == .success, "\(ran.stderr)")
        #expect(nyt.requests.last?.queryValue("api-key") == secret)
        for result in [set, listed, got, ran] {
            #expect(!result.stdout.contains(secret))
            #expect(!result.stderr.contains(secret))
        }
    }

    @Test("nothing on stdin: 64, 'no key given on stdin', and no file is written")
    func emptyStdin() async throws {
        let nyt = try NYTHost()
        let set = await nyt.host.run(["config", "set", "nyt.api-key"], setting: [:], stdin: "")
        #expect(set.code == .usage && set.isOneErrorLine, "\(set.stderr)")
        #expect(set.stderr.contains("no key given on stdin for nyt.api-key"), "\(set.stderr)")
        #expect(!FileManager.default.fileExists(atPath: nyt.host.directory.path("config/apicli/config")))
    }
}
