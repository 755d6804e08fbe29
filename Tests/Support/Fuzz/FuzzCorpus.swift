import Foundation

/// Every case a fuzz test ever failed on, kept in `Tests/Fixtures/fuzz-corpus/` and run
/// before the random cases on every run: a bug found once, by any seed, is looked for
/// always. The folder's README says what each file holds and how to add a case.
public enum FuzzCorpus {
    public static var root: URL { Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/fuzz-corpus") }

    /// The cases of `file` (a JSON array), each decoded as `Case`; none when there is no such file.
    public static func cases<Case: Decodable>(_ file: String, as type: Case.Type = Case.self) throws -> [Case] {
        let url = root.appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
    }

    /// The documents in `folder`, sorted by name; none when there is no such folder.
    public static func documents(in folder: String) throws -> [URL] {
        let url = root.appendingPathComponent(folder)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try Fixtures.files(in: url).filter { $0.lastPathComponent != "README.md" }
    }

    /// A command line that failed once, with what it found.
    public struct CommandLine: Decodable, Sendable {
        public var line: [String]
        public var found: String
    }
}
