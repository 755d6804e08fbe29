import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX socket calls the loopback server needs, each bounded in time.
enum Socket {
    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
    #endif

    /// A listening socket on `host` and an ephemeral port.
    static func listen(host: String) throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw LoopbackServerError.setup("socket() failed: \(errno)") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(fd)
            throw LoopbackServerError.setup("not an IPv4 address: \(host)")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, startListening(fd) == 0 else {
            close(fd)
            throw LoopbackServerError.setup("cannot listen on \(host): errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    private static func startListening(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.listen(fd, 64)
        #else
        Darwin.listen(fd, 64)
        #endif
    }

    /// Reads one request (head and `Content-Length` body), or nil if the client
    /// sent nothing usable within `timeout`.
    static func readRequest(_ fd: Int32, timeout: TimeInterval) -> RecordedRequest? {
        let end = Date().addingTimeInterval(timeout)
        var buffer = Data()
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        while headEnd == nil {
            guard buffer.count < 256 * 1024, let chunk = read(fd, until: end), !chunk.isEmpty else { return nil }
            buffer.append(chunk)
            headEnd = buffer.range(of: separator)
        }
        guard let headEnd, let head = String(data: buffer[..<headEnd.lowerBound], encoding: .utf8) else { return nil }
        let arrival = Date()
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        let headers: [(name: String, value: String)] = lines.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            return (name: name, value: value)
        }
        var body = Data(buffer[headEnd.upperBound...])
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        while body.count < min(length, 16 * 1024 * 1024) {
            guard let chunk = read(fd, until: end), !chunk.isEmpty else { break }
            body.append(chunk)
        }
        return RecordedRequest(
            method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body,
            arrival: arrival
        )
    }

    /// Waits for data until `end`; nil on timeout or error, empty on end of stream.
    private static func read(_ fd: Int32, until end: Date) -> Data? {
        let left = Int32(max(0, end.timeIntervalSinceNow * 1000))
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard left > 0, poll(&descriptor, 1, left) > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16 * 1024)
        let count = recv(fd, &bytes, bytes.count, 0)
        guard count >= 0 else { return nil }
        return Data(bytes[0..<count])
    }

    /// Writes everything, or returns false once the peer is gone.
    static func write(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let sent = send(fd, base + offset, raw.count - offset, sendFlags)
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    /// Closes with RST instead of FIN: what a crashed server or a middlebox does.
    static func reset(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close(fd)
    }

    /// Ends the response with FIN, lets the client read to the end (up to a
    /// second), then closes.
    static func finish(_ fd: Int32) {
        shutdown(fd, Int32(SHUT_WR))
        let end = Date().addingTimeInterval(1)
        while let chunk = read(fd, until: end), !chunk.isEmpty {}
        close(fd)
    }
}
