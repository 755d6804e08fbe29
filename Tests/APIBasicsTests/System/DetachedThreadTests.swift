import APIBasics
import Synchronization
import Testing

@Suite struct DetachedThreadTests {
    @Test func runsTheBodyOnAnotherThreadOnce() async {
        let runs = Mutex(0)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let started = DetachedThread.start {
                runs.withLock { $0 += 1 }
                done.resume()
            }
            #expect(started)
        }
        #expect(runs.withLock { $0 } == 1)
    }
}
