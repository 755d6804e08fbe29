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
