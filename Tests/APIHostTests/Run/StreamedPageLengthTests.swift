import APICore
import APIHTTP
import Foundation
import Synchronization
import Testing

@testable import APIHost

/// The length a streamed body's headers declare reaches the thread that stores it
/// (``ChunkQueue/declaredLength``), which sizes its cache for it; a body that declares
/// none, or a retry that declares another, is not sized for the first one's.
@Suite struct StreamedPageLengthTests {
    /// Begins a page with `headers`, hands it a body past the MiB kept whole, and returns
    /// the length its storing thread was given.
    func declared(_ headers: [(String, String)]...) async throws -> [Int?] {
        let seen = Mutex<[Int?]>([])
        let page = StreamedPage<Int> { queue in
            seen.withLock { $0.append(queue.declaredLength) }
            while (try? queue.next()) != nil {}
            return .success((0, []))
        }
        let chunk = Data(count: StreamedPage<Int>.keptWhole + 1)
        for attempt in headers {
            let began = page.begin(status: 200, headers: HTTPHeaders(attempt), resume: {})
            #expect(began)
            _ = chunk.withUnsafeBytes { page.receive($0) }
            page.end(nil)
            _ = await page.outcome()
        }
        return seen.withLock { $0 }
    }

    @Test func theDeclaredLengthIsHandedOn() async throws {
        #expect(try await declared([("Content-Length", "31457551")]) == [31_457_551])
    }

    @Test func noneOrOneThatIsNotANumberIsNil() async throws {
        #expect(try await declared([], [("Content-Length", "many")]) == [nil, nil])
    }

    @Test func aRetryDeclaresItsOwn() async throws {
        #expect(try await declared([("Content-Length", "2000000")], []) == [2_000_000, nil])
    }
}
