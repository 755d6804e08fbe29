#if canImport(Glibc)
import Glibc
#endif

/// Hands the credentials taken out of a plugin's environment to the apicli the
/// plugin runs, and to nothing else, for as long as the plugin runs.
///
/// It listens on a random abstract unix socket (its name is the plugin's
/// `APICLI_CREDENTIALS_SOCKET`) in the apicli that started the plugin, which waits
/// for the plugin. Each connection is answered once, with every credential
/// (``HandedCredentials``), when the process that connected runs this same apicli
/// file as this user (``PeerProcess``); any other is closed unanswered, so the
/// plugin itself, or a program it runs, gets nothing by asking. The socket is
/// close-on-exec, so the plugin does not hold it, and it goes away with this process.
struct CredentialServer: Sendable {
    /// The socket's name, for ``HandedCredentials/socketVariable``.
    let name: String
    private let socket: Int32
    private let answer: [UInt8]
    private let executable: FileIdentity

    /// Listens for `credentials`; nil when there is nothing to hand or the system has
    /// no abstract sockets (then the plugin's apicli finds keys in the config file only).
    static func start(handing credentials: [String: String]) -> CredentialServer? {
        #if os(Linux)
        guard !credentials.isEmpty, let executable = FileIdentity.ownExecutable else { return nil }
        let name = AbstractSocket.randomName()
        guard let socket = AbstractSocket.listen(on: name) else { return nil }
        return CredentialServer(name: name, socket: socket, answer: HandedCredentials.encode(credentials), executable: executable)
        #else
        return nil
        #endif
    }

    /// Answers connections on a thread of its own until the process ends; false when
    /// no thread could be started (then nothing is served).
    func serve() -> Bool {
        DetachedThread.start { [self] in
            while true {
                let connection = accept(socket, nil, nil)
                if connection < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    return
                }
                _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
                answer(connection)
                close(connection)
            }
        }
    }

    /// Stops answering: later connections are refused.
    func stop() {
        _ = shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    private func answer(_ connection: Int32) {
        #if os(Linux)
        guard let peer = PeerProcess(connectedTo: connection), peer.runs(executable) else { return }
        var sent = 0
        while sent < answer.count {
            let count = answer.withUnsafeBytes { bytes in
                bytes.baseAddress.map { send(connection, $0 + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) } ?? -1
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            sent += count
        }
        #endif
    }
}
