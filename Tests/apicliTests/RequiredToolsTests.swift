import Testing
import TestSupport

/// Under CI, every program a test needs is installed: a test that would skip on a
/// developer's machine fails here instead, naming what `.ci/run` must install.
@Suite("Programs the tests need")
struct RequiredToolsTests {
    @Test("CI has every program the tests run", .enabled(if: RequiredTool.isCI, "only under CI"))
    func installedInCI() {
        for name in RequiredTool.all {
            #expect(RequiredTool.path(name) != nil, "\(name) is not installed: .ci/run must install it")
        }
    }
}
