#if os(Linux)
import CCurlShim
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics
import Synchronization

/// One libcurl multi handle and the thread that drives it, shared by every
/// request of one transport: connections stay open in the multi handle's pool
/// between requests and are reused by the next request to the same host.
///
/// The thread runs only while there is work: it starts with the first transfer
/// and ends when none is left (the pool, and its connections, stay). libcurl is
/// loaded by the first ``submit(_:continuation:)``, never before.
final class CurlEngine: Sendable {
    private let state = Mutex(State())

    private struct State {
        var multi: UnsafeMutableRawPointer?
        var pending: [CurlTransfer] = []
        var running = false
        /// The system bundle plus `extraCAFile`, read once; keyed by the file it adds.
        var caBundles: [String: Data] = [:]
    }

    /// How often the thread looks at cancellations and idle timeouts at the latest.
    private static let maxPoll = Duration.milliseconds(250)

    deinit {
        // Only reached once the thread has ended (it holds the engine while it runs).
        if let multi = state.withLock({ $0.multi }) { apicli_multi_cleanup(multi) }
    }

    func submit(_ transfer: CurlTransfer, continuation: CheckedContinuation<HTTPResponse, any Error>) {
        guard transfer.begin(continuation) else { return }
        transfer.setWaker { [weak self] in self?.wake() }
        if let problem = apicli_curl_load() {
            transfer.finish(.failure(.transportUnavailable(reason: String(cString: problem))))
            return
        }
        let (startThread, multi) = state.withLock { state -> (Bool, UnsafeMutableRawPointer?) in
            if state.multi == nil {
                state.multi = apicli_multi_init()
                if let multi = state.multi {
                    // Keep enough idle connections for the host's parallel requests.
                    _ = apicli_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, 16)
                }
            }
            state.pending.append(transfer)
            defer { state.running = true }
            return (!state.running, state.multi)
        }
        guard let multi else {
            transfer.finish(.failure(.connectionFailed(url: transfer.options.redactedURL, reason: "libcurl failed to start")))
            return
        }
        if startThread {
            DetachedThread.start { self.run() }
        } else {
            _ = apicli_multi_wakeup(multi)
        }
    }

    /// Makes the thread look at cancellations now.
    func wake() {
        if let multi = state.withLock({ $0.multi }) { _ = apicli_multi_wakeup(multi) }
    }

    // MARK: The thread

    private func run() {
        guard let multi = state.withLock({ $0.multi }) else { return }
        var active: [UnsafeMutableRawPointer: (transfer: CurlTransfer, handle: CurlHandle)] = [:]
        while true {
            let incoming = state.withLock { state -> [CurlTransfer]? in
                if state.pending.isEmpty && active.isEmpty {
                    state.running = false
                    return nil
                }
                defer { state.pending = [] }
                return state.pending
            }
            guard let incoming else { return }
            for transfer in incoming {
                let bundle = caBundle(for: transfer)
                if case .failure(let error) = bundle {
                    transfer.finish(.failure(error))
                    continue
                }
                guard let handle = CurlHandle(transfer: transfer, caBundle: try? bundle.get()),
                      apicli_multi_add(multi, handle.easy) == CURLM_OK
                else {
                    transfer.finish(.failure(.connectionFailed(
                        url: transfer.options.redactedURL, reason: "libcurl refused the request's options")))
                    continue
                }
                active[handle.easy] = (transfer, handle)
            }
            stopOverdue(&active, multi: multi)
            // Transfers paused for a sink with no room, whose sink has room again.
            for (easy, entry) in active where entry.transfer.takeResume() { _ = apicli_easy_unpause(easy) }
            var running: Int32 = 0
            _ = apicli_multi_perform(multi, &running)
            var easy: UnsafeMutableRawPointer?
            var code = CURLE_OK
            while apicli_multi_next_done(multi, &easy, &code) == 1 {
                guard let done = easy, let entry = active.removeValue(forKey: done) else { continue }
                _ = apicli_multi_remove(multi, done)
                entry.transfer.complete(code, status: entry.handle.status, detail: entry.handle.failureDetail)
            }
            _ = apicli_multi_poll(multi, pollMilliseconds(active.values.map(\.transfer)))
        }
    }

    /// Ends the transfers that were cancelled or have been silent too long.
    private func stopOverdue(
        _ active: inout [UnsafeMutableRawPointer: (transfer: CurlTransfer, handle: CurlHandle)],
        multi: UnsafeMutableRawPointer
    ) {
        let now = ContinuousClock.now
        for (easy, entry) in active {
            guard let reason = entry.transfer.stopReason(now: now) else { continue }
            _ = apicli_multi_remove(multi, easy)
            active[easy] = nil
            entry.transfer.finish(.failure(reason))
        }
    }

    private func pollMilliseconds(_ transfers: [CurlTransfer]) -> Int32 {
        let now = ContinuousClock.now
        let next = transfers.map { $0.idleDeadline - now }.min() ?? Self.maxPoll
        let wait = max(.milliseconds(1), min(next, Self.maxPoll))
        return Int32(wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000)
    }

    // MARK: Certificate authorities

    /// The system's authorities plus the transfer's extra file, or nil when it adds none.
    private func caBundle(for transfer: CurlTransfer) -> Result<Data?, HTTPClientError> {
        guard let file = transfer.options.extraCAFile, !file.isEmpty else { return .success(nil) }
        if let known = state.withLock({ $0.caBundles[file] }) { return .success(known) }
        guard let extra = FileManager.default.contents(atPath: file) else {
            return .failure(.connectionFailed(
                url: transfer.options.redactedURL, reason: "cannot read the certificate file \(file) (APICLI_CA_FILE)"))
        }
        var bundle = Self.systemBundle() ?? Data()
        bundle.append(0x0A)
        bundle.append(extra)
        state.withLock { $0.caBundles[file] = bundle }
        return .success(bundle)
    }

    /// libcurl's default bundle (`CURLINFO_CAINFO`), read as a file.
    private static func systemBundle() -> Data? {
        guard let easy = apicli_easy_init() else { return nil }
        defer { apicli_easy_cleanup(easy) }
        var path: UnsafePointer<CChar>?
        guard apicli_easy_getinfo_string(easy, CURLINFO_CAINFO, &path) == CURLE_OK, let path else { return nil }
        return FileManager.default.contents(atPath: String(cString: path))
    }
}
#endif
