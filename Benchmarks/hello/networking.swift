// A second start-up baseline for scenario 7: the same hello-world, but also
// loading FoundationNetworking (URLSession, hence libcurl and its ~30 shared
// libraries), which apicli links for its HTTP client.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let configuration = URLSessionConfiguration.ephemeral
FileHandle.standardOutput.write(Data("hello \(configuration.timeoutIntervalForRequest)\n".utf8))
