#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the browser brings the user back after signing in (RFC 8252 §7.3): a listening
/// socket on 127.0.0.1 and a port the system picks, so no other host can answer and no
/// fixed port can be taken first. It waits for one `GET /callback?…`, answers a short
/// page, and gives the query's parameters; any other path gets 404 and the wait goes on.
final class LoopbackRedirect: @unchecked Sendable {
    /// Only read after ``listen()`` set it; closed once by ``close()``.
    private let listener: Int32
    let port: UInt16

    static let path = "/callback"

    /// `http://127.0.0.1:PORT/callback`, the `redirect_uri`.
    var redirectURI: String { "http://127.0.0.1:\(port)" + Self.path }

    private init(listener: Int32, port: UInt16) {
        self.listener = listener
        self.port = port
    }

    static func listen() throws -> LoopbackRedirect {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw failure() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        #if canImport(Glibc)
        let listening = bound == 0 && Glibc.listen(fd, 8) == 0
        #else
        let listening = bound == 0 && Darwin.listen(fd, 8) == 0
        #endif
        guard listening else {
            closeDescriptor(fd)
            throw failure()
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return LoopbackRedirect(listener: fd, port: UInt16(bigEndian: address.sin_port))
    }

    private static func failure() -> CLIError {
        CLIError("could not listen on 127.0.0.1 for the sign-in's redirect: \(String(cString: strerror(errno)))", exitCode: .unavailable)
    }

    /// The parameters of the first request to ``path``, or nil when none came by `deadline`.
    func wait(until deadline: Date) async -> [String: String]? {
        await withCheckedContinuation { continuation in
            let started = DetachedThread.start { [self] in continuation.resume(returning: accept(until: deadline)) }
            if !started { continuation.resume(returning: nil) }
        }
    }

    func close() {
        closeDescriptor(listener)
    }

    private func accept(until deadline: Date) -> [String: String]? {
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32(min(left, 1) * 1000))
            if ready <= 0 { continue }
            #if canImport(Glibc)
            let connection = Glibc.accept(listener, nil, nil)
            #else
            let connection = Darwin.accept(listener, nil, nil)
            #endif
            guard connection >= 0 else { continue }
            defer { closeDescriptor(connection) }
            guard let target = Self.requestTarget(connection, until: deadline) else { continue }
            let (path, query) = Self.split(target)
            guard path == Self.path else {
                Self.answer(connection, status: "404 Not Found", text: "Not found.")
                continue
            }
            Self.answer(connection, status: "200 OK", text: "apicli has the answer; you can close this page.")
            return Self.parameters(query)
        }
    }

    /// The target of a `GET` request line, read within `deadline` and 16 KiB.
    private static func requestTarget(_ fd: Int32, until deadline: Date) -> String? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 16 * 1024, !bytes.containsLineEnd {
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = deadline.timeIntervalSinceNow
            guard left > 0, poll(&waiting, 1, Int32(min(left, 5) * 1000)) > 0 else { return nil }
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { return nil }
            bytes += chunk[0..<count]
        }
        let line = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let words = line.split(separator: " ")
        guard words.count >= 2, words[0] == "GET" else { return nil }
        return String(words[1])
    }

    private static func split(_ target: String) -> (String, String) {
        guard let mark = target.firstIndex(of: "?") else { return (target, "") }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }

    /// `a=1&b=x%20y` as a dictionary, `+` read as a space; the first of a repeated name wins.
    static func parameters(_ query: String) -> [String: String] {
        var found: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                PercentCoding.decode(String(text).replacingAll("+", with: " ")) ?? String(text)
            }
            let name = decode(parts[0])
            if found[name] == nil { found[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return found
    }

    private static func answer(_ fd: Int32, status: String, text: String) {
        let page = "<!doctype html><title>apicli</title><p>\(text)</p>\n"
        let message = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(page.utf8.count)\r\n"
            + "Connection: close\r\nCache-Control: no-store\r\n\r\n" + page
        let bytes = Array(message.utf8)
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
    }
}

private func closeDescriptor(_ fd: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(fd)
    #else
    _ = Darwin.close(fd)
    #endif
}

private extension [UInt8] {
    var containsLineEnd: Bool { contains(UInt8(ascii: "\n")) }
}
