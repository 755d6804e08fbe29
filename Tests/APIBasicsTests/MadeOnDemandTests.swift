import APIBasics
import Synchronization
import Testing

@Suite struct MadeOnDemandTests {
    @Test func nothingIsMadeUntilAsked() {
        let makes = Mutex(0)
        let promise = MadeOnDemand<Int> {
            makes.withLock { $0 += 1 }
            return 7
        }
        #expect(promise.ifMade == nil)
        #expect(makes.withLock { $0 } == 0)
    }

    @Test func madeOnceAndTheSameAfter() {
        let makes = Mutex(0)
        let promise = MadeOnDemand<Int> {
            makes.withLock { $0 += 1 }
            return makes.withLock { $0 }
        }
        #expect(promise.value == 1)
        #expect(promise.value == 1)
        #expect(promise.ifMade == 1)
        #expect(makes.withLock { $0 } == 1)
    }
}
