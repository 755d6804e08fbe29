import Foundation
import TestSupport

/// One rewritten answer: which real answer, what was changed, and the bytes served.
struct BodyFuzzCase: Sendable {
    let target: FuzzTarget
    let label: String
    let body: Data

    /// Every case of the hostile-number class for `targets`: each hostile value in
    /// every number of an answer at once, each value in one field (`list.*.wind.deg`)
    /// at a time, each object field turned into an array and each array into an
    /// object. Shuffled with `seed`, so that a bounded prefix samples all of them
    /// (a value in every field at once mostly makes a step unreadable; one field at
    /// a time reaches the code that draws it).
    static func numberCases(_ targets: [FuzzTarget], seed: UInt64) throws -> [BodyFuzzCase] {
        var everywhere: [BodyFuzzCase] = []
        var oneField: [BodyFuzzCase] = []
        var shapes: [BodyFuzzCase] = []
        for target in targets {
            let body = try Fixtures.real(target.fixture)
            guard let map = JSONTokenMap(body) else { throw FuzzSetupError("\(target.fixture) is not JSON the fuzz can map") }
            let name = (target.fixture as NSString).lastPathComponent
            for value in HostileNumbers.values {
                everywhere.append(BodyFuzzCase(
                    target: target, label: "\(name): every number → \(value.name.prefix(24))",
                    body: map.rewriting(body, where: { $0.kind == .number }, with: value.text)))
                for path in map.paths(.number) {
                    oneField.append(BodyFuzzCase(
                        target: target, label: "\(name): \(path) → \(value.name.prefix(24))",
                        body: map.rewriting(body, where: { $0.kind == .number && $0.path == path }, with: value.text)))
                }
            }
            for path in map.paths(.object) where !path.isEmpty {
                shapes.append(BodyFuzzCase(
                    target: target, label: "\(name): \(path) object → array",
                    body: map.rewriting(body, where: { $0.kind == .object && $0.path == path }, with: { "[" + $0 + "]" })))
            }
            for path in map.paths(.array) {
                shapes.append(BodyFuzzCase(
                    target: target, label: "\(name): \(path.isEmpty ? "top" : path) array → object",
                    body: map.rewriting(body, where: { $0.kind == .array && $0.path == path }, with: { _ in "{}" })))
            }
        }
        var random = SeededRandom(seed: seed)
        return (everywhere + oneField + shapes).shuffled(using: &random)
    }

    /// A number case that failed once (`Tests/Fixtures/fuzz-corpus/hostile-numbers.json`).
    struct CorpusNumber: Decodable {
        var fixture: String
        var path: String
        var value: String
        var found: String
    }

    /// The corpus's number cases: each value in the numbers at one path of one real answer.
    /// A case whose answer, path or value is gone is an error, not a case that checks nothing.
    static func corpusNumberCases() throws -> [BodyFuzzCase] {
        try FuzzCorpus.cases("hostile-numbers.json", as: CorpusNumber.self).map { entry in
            guard let target = FuzzTarget.all.first(where: { $0.fixture == entry.fixture }) else {
                throw FuzzSetupError("corpus: no fuzz target serves \(entry.fixture)")
            }
            guard let value = HostileNumbers.values.first(where: { $0.name == entry.value }) else {
                throw FuzzSetupError("corpus: \(entry.value) is none of HostileNumbers.values")
            }
            let body = try Fixtures.real(entry.fixture)
            guard let map = JSONTokenMap(body), map.paths(.number).contains(entry.path) else {
                throw FuzzSetupError("corpus: \(entry.fixture) has no number at \(entry.path)")
            }
            let name = (entry.fixture as NSString).lastPathComponent
            return BodyFuzzCase(
                target: target, label: "\(name): \(entry.path) → \(entry.value) (corpus: \(entry.found))",
                body: map.rewriting(body, where: { $0.kind == .number && $0.path == entry.path }, with: value.text))
        }
    }

    /// The corpus's bodies (`Tests/Fixtures/fuzz-corpus/invalid-bytes/`), each served in place of
    /// the answer of the target its name starts with (`nyt-2016-11-compact-escaped-slashes--cut.json`).
    static func corpusBodies(for targets: [FuzzTarget]) throws -> [BodyFuzzCase] {
        try FuzzCorpus.documents(in: "invalid-bytes").map { url in
            let stem = url.deletingPathExtension().lastPathComponent.components(separatedBy: "--").first ?? ""
            guard let target = targets.first(where: { URL(fileURLWithPath: $0.fixture).deletingPathExtension().lastPathComponent == stem })
            else { throw FuzzSetupError("corpus body \(url.lastPathComponent) names none of the invalid-bytes targets") }
            return BodyFuzzCase(target: target, label: "\(url.lastPathComponent) (corpus)", body: try Data(contentsOf: url))
        }
    }

    /// Bodies that are not JSON, or not text: cut short, bytes flipped to invalid
    /// UTF-8, NUL and control bytes, a byte-order mark, UTF-16, random bytes, deep
    /// nesting, a single huge token. `count` of them per target, drawn from `seed`.
    static func invalidByteCases(_ targets: [FuzzTarget], count: Int, seed: UInt64) throws -> [BodyFuzzCase] {
        var random = SeededRandom(seed: seed)
        var cases: [BodyFuzzCase] = []
        for target in targets {
            let body = try Fixtures.real(target.fixture)
            let name = (target.fixture as NSString).lastPathComponent
            for index in 0..<count {
                let (label, bytes) = InvalidBytes.variant(index, of: body, using: &random)
                cases.append(BodyFuzzCase(target: target, label: "\(name): \(label)", body: bytes))
            }
        }
        return cases
    }
}

struct FuzzSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The ways a body can be broken below the JSON level.
enum InvalidBytes {
    static let kinds = 10

    static func variant(_ index: Int, of body: Data, using random: inout SeededRandom) -> (String, Data) {
        var bytes = Array(body)
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
        switch index % kinds {
        case 0:
            return ("cut at \(position)", Data(bytes[..<position]))
        case 1:
            for _ in 0..<4 where !bytes.isEmpty { bytes[Int.random(in: 0..<bytes.count, using: &random)] = 0xFF }
            return ("invalid UTF-8 bytes", Data(bytes))
        case 2:
            bytes.insert(0x00, at: position)
            return ("NUL at \(position)", Data(bytes))
        case 3:
            return ("byte-order mark", Data([0xEF, 0xBB, 0xBF] + bytes))
        case 4:
            return ("UTF-16", String(decoding: bytes, as: UTF8.self).data(using: .utf16) ?? Data())
        case 5:
            return ("random bytes", Data((0..<Int.random(in: 1...4096, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }))
        case 6:
            return ("deep nesting", Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8))
        case 7:
            return ("empty body", Data())
        case 8:
            return ("one huge number", Data(("[" + String(repeating: "7", count: 200_000) + "]").utf8))
        default:
            let control = UInt8.random(in: 0...0x1F, using: &random)
            bytes.insert(control, at: position)
            return ("control byte \(control) at \(position)", Data(bytes))
        }
    }
}
