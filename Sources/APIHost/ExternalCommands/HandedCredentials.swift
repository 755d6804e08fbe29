#if canImport(Glibc)
import Glibc
#endif

/// The credentials a plugin's environment is cleared of, as the apicli the plugin
/// runs receives them back: from the apicli that started the plugin, over the unix
/// socket named in ``socketVariable``, never through the plugin's environment, its
/// arguments or a descriptor it holds (docs/design/0100-plugin-credentials-without-environment.md).
///
/// The wire format is the environment's own: `NAME=value` entries, each ended by a
/// NUL byte. Neither part can hold a NUL (both came from an environment), so the
/// format needs no escaping.
public enum HandedCredentials {
    /// Where the apicli run by a plugin asks for them: an abstract unix socket's
    /// name, which the plugin receives and passes on like any variable.
    public static let socketVariable = "APICLI_CREDENTIALS_SOCKET"

    /// The longest answer read: far above any set of keys, and a bound on what a
    /// stranger on the socket could make apicli hold.
    static let largestAnswer = 1 << 20

    /// `variables` with the credentials the plugin's apicli handed over added, each
    /// only where `variables` does not set it or sets it empty (a plugin that sets
    /// `NYT_API_KEY` for its own `apicli api` is obeyed). Without ``socketVariable``, or when no answer
    /// comes (the plugin's apicli has ended), `variables` unchanged.
    static func adding(to variables: [String: String]) -> [String: String] {
        guard let name = variables[socketVariable], !name.isEmpty else { return variables }
        var merged = variables
        for (variable, value) in decode(receive(from: name)) where merged[variable]?.isEmpty ?? true {
            merged[variable] = value
        }
        return merged
    }

    /// `NAME=value\0` entries.
    static func encode(_ credentials: [String: String]) -> [UInt8] {
        credentials.sorted { $0.key < $1.key }.flatMap { Array("\($0.key)=\($0.value)".utf8) + [0] }
    }

    /// The entries of ``encode(_:)``; an entry without `=` or with an empty name is skipped.
    static func decode(_ bytes: [UInt8]) -> [String: String] {
        var credentials: [String: String] = [:]
        for entry in bytes.split(separator: 0) {
            guard let equals = entry.firstIndex(of: UInt8(ascii: "=")), equals > entry.startIndex else { continue }
            let name = String(decoding: entry[..<equals], as: UTF8.self)
            credentials[name] = String(decoding: entry[(equals + 1)...], as: UTF8.self)
        }
        return credentials
    }

    /// The answer of the socket called `name`: everything it sends until it closes;
    /// empty when there is no such socket, it refuses this process, or it stays silent.
    static func receive(from name: String) -> [UInt8] {
        #if os(Linux)
        guard let socket = AbstractSocket.connect(to: name) else { return [] }
        defer { close(socket) }
        // A server that accepts and never answers must not hang the run.
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while answer.count < largestAnswer {
            let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            answer += chunk[..<count]
        }
        return answer
        #else
        return []
        #endif
    }
}
