import APICore
import Foundation
import Testing

@Suite("Skipping unreadable elements")
struct LossyTests {
    struct Step: Decodable, Equatable {
        let dt: Int
    }

    @Test("readable elements survive in order; each other one is one warning naming it")
    func values() throws {
        let list = try JSONDecoder().decode([Lossy<Step>].self, from: Data(#"[{"dt": 1}, {}, {"dt": 3}, 7]"#.utf8))
        var warnings = ["earlier"]
        let steps = Lossy.values(list, warnings: &warnings) { number, reason in "skipped step \(number): \(reason)" }
        #expect(steps == [Step(dt: 1), Step(dt: 3)])
        #expect(warnings == ["earlier", "skipped step 2: missing 1.dt", "skipped step 4: unexpected type at 3"])
    }

    @Test("a reason never quotes the body")
    func reasons() {
        struct Other: Error {}
        #expect(Lossy<Step>.reason(Other()) == "unreadable")
    }
}
