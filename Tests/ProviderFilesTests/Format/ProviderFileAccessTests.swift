@testable import APIHost
@testable import ProviderFiles
import Foundation
import Testing

/// The access fields of the format: `key.scheme`, `keyOf` and `spacing`, and `--rate`'s text.
@Suite("Provider file access fields")
struct ProviderFileAccessTests {
    /// Hacker News with `key` and the extra top-level fields replaced.
    static func file(key: String, extra: String = "") -> String {
        SampleFiles.hackerNews.replacingOccurrences(of: #""key": "none","#, with: #""key": \#(key), \#(extra)"#)
    }

    static func problems(_ text: String) -> String {
        do {
            _ = try SampleFiles.read(text)
            return ""
        } catch {
            return error.description
        }
    }

    @Test("key.scheme bearer or basic; alone, known, and written back the same")
    func scheme() throws {
        let bearer = try SampleFiles.read(Self.file(key: #"{"scheme": "bearer"}"#))
        #expect(bearer.key?.placement == .bearer)
        #expect(bearer.key?.environmentVariable == "HN_API_KEY")
        #expect(try SampleFiles.read(Self.file(key: #"{"scheme": "basic"}"#)).key?.placement == .basic)
        #expect(Self.problems(Self.file(key: #"{"scheme": "bearr"}"#)).contains("did you mean 'bearer'"))
        #expect(Self.problems(Self.file(key: #"{"scheme": "bearer", "header": "X-Key"}"#)).contains("one of parameter, header or scheme"))
        let text = ProviderFileWriter.text(bearer)
        #expect(text.contains(#""scheme" : "bearer""#) || text.contains(#""scheme": "bearer""#), "\(text)")
        #expect(try SampleFiles.read(text).key == bearer.key)
    }

    @Test("keyOf reads the named provider's key variable, and only then may environmentVariable differ")
    func keyOf() throws {
        let shared = try SampleFiles.read(Self.file(key: #"{"parameter": "api-key"}"#, extra: #""keyOf": "nyt","#))
        #expect(shared.keyOf == "nyt")
        #expect(shared.key?.environmentVariable == "NYT_API_KEY")
        let descriptor = shared.descriptor(source: "hn.json")
        #expect(descriptor.credential?.keyOwner == "nyt")
        #expect(descriptor.apiKeySetting == "nyt.api-key")
        let weather = try SampleFiles.read(Self.file(key: #"{"parameter": "appid"}"#, extra: #""keyOf": "weather","#))
        #expect(weather.key?.environmentVariable == "OPENWEATHER_API_KEY", "the compiled provider's declared variable")
        let other = try SampleFiles.read(Self.file(key: #"{"parameter": "key"}"#, extra: #""keyOf": "github","#))
        #expect(other.key?.environmentVariable == "GITHUB_API_KEY", "another provider file's <NAME>_API_KEY")
        // Without keyOf the old rule holds; with it, only the owner's variable.
        #expect(Self.problems(Self.file(key: #"{"parameter": "k", "environmentVariable": "NYT_API_KEY"}"#)).contains("HN_API_KEY, not NYT_API_KEY"))
        #expect(Self.problems(Self.file(key: #"{"parameter": "k", "environmentVariable": "AWS_SECRET"}"#, extra: #""keyOf": "nyt","#))
            .contains("NYT_API_KEY, not AWS_SECRET"))
        #expect(Self.problems(Self.file(key: #"{"parameter": "k"}"#, extra: #""keyOf": "config","#)).contains("not a provider with a key"))
        #expect(Self.problems(Self.file(key: #""none""#, extra: #""keyOf": "nyt","#)).contains("no key to share"))
        #expect(Self.problems(Self.file(key: #"{"parameter": "k"}"#, extra: #""keyOf": "hn","#)).contains("names this provider itself"))
        let text = ProviderFileWriter.text(shared)
        #expect(try SampleFiles.read(text).keyOf == "nyt")
    }

    @Test("spacing: whole seconds 1 to 3600, kept, and one request per spacing in the descriptor")
    func spacing() throws {
        let file = try SampleFiles.read(Self.file(key: #""none""#, extra: #""spacing": 12,"#))
        #expect(file.spacing == 12)
        #expect(file.descriptor(source: "hn.json").rateLimits.contains(RateLimit(1, per: .seconds(12))))
        #expect(try SampleFiles.read(ProviderFileWriter.text(file)).spacing == 12)
        #expect(!Self.problems(Self.file(key: #""none""#, extra: #""spacing": 0,"#)).isEmpty)
        #expect(!Self.problems(Self.file(key: #""none""#, extra: #""spacing": 3601,"#)).isEmpty)
    }

    @Test("--rate text: counts and units, each unit once")
    func rateText() throws {
        let limits = try RateText.limits("500/day, 5/minute").get()
        #expect(limits == [RateLimit(5, per: .seconds(60)), RateLimit(500, per: .seconds(86_400))])
        #expect(try RateText.limits("10/seconds").get() == [RateLimit(10, per: .seconds(1))])
        for bad in ["5", "5/fortnight", "0/day", "5/minute,6/minute", "x/day", "", "5/minute,"] {
            #expect(throws: RateTextError.self, "\(bad)") { try RateText.limits(bad).get() }
        }
    }
}
