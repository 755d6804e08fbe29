#if os(Linux)
import Glibc

/// Runs a plugin as this process's child, for a plugin whose credentials this
/// process keeps (``CredentialServer``), and ends this process as the plugin ended:
/// the same exit status, or death by the same signal, so the shell sees what it
/// would have seen had apicli replaced itself with the plugin.
///
/// Its streams are this process's, so they reach the plugin unchanged. Signals:
/// Ctrl-C and Ctrl-\ reach the plugin from the terminal, as they reach every process
/// of the foreground job, so this process ignores them while it waits; `SIGTERM`
/// and `SIGHUP` sent to this process alone (`kill PID`) are passed on to the plugin.
/// Ctrl-Z stops both, and `fg` continues both.
enum PluginProcess {
    /// Starts `path` with `arguments` (the first is its name) and `environment`,
    /// waits for it while `server` answers, and ends this process as it ended.
    /// Returns only by throwing, when it cannot be started.
    static func run(path: String, arguments: [[UInt8]], environment: [[UInt8]], serving server: CredentialServer) throws -> Never {
        // Ctrl-C is the plugin's to handle; this process outlives it only to answer and to end the same way.
        let interruptWasDefault = signal(SIGINT, SIG_IGN) == nil
        let quitWasDefault = signal(SIGQUIT, SIG_IGN) == nil
        // Blocked here and in the threads started below, so that the relay's `sigwait` receives them.
        var relayed = sigset_t()
        sigemptyset(&relayed)
        sigaddset(&relayed, SIGTERM)
        sigaddset(&relayed, SIGHUP)
        var ownMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &relayed, &ownMask)

        var defaults = sigset_t()
        sigemptyset(&defaults)
        // apicli ignores SIGPIPE for itself; an ignored signal would stay ignored in the plugin.
        sigaddset(&defaults, SIGPIPE)
        if interruptWasDefault { sigaddset(&defaults, SIGINT) }
        if quitWasDefault { sigaddset(&defaults, SIGQUIT) }
        let started = spawn(path: path, arguments: arguments, environment: environment, defaults: defaults, mask: ownMask)
        guard case let .success(pid) = started else {
            server.stop()
            pthread_sigmask(SIG_SETMASK, &ownMask, nil)
            if interruptWasDefault { signal(SIGINT, SIG_DFL) }
            if quitWasDefault { signal(SIGQUIT, SIG_DFL) }
            if case let .failure(code) = started { throw code }
            throw CLIError("could not run the plugin \(path)", exitCode: .configuration)
        }
        _ = server.serve()
        let relay = relayed
        DetachedThread.start {
            var waited = relay
            var number: Int32 = 0
            while sigwait(&waited, &number) == 0 { kill(pid, number) }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        server.stop()
        end(as: status)
    }

    /// `posix_spawn`, retried while the file is busy (ETXTBSY: it was just written and
    /// another process still holds it open for writing, which passes within milliseconds).
    private static func spawn(
        path: String, arguments: [[UInt8]], environment: [[UInt8]], defaults: sigset_t, mask: sigset_t
    ) -> Result<pid_t, CLIError> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = defaults, mask = mask
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let error = CStrings.with(arguments) { argv in
            CStrings.with(environment) { envp in
                var attempts = 0
                while true {
                    let code = posix_spawn(&pid, path, nil, &attributes, argv, envp)
                    attempts += 1
                    guard code == ETXTBSY, attempts < 50 else { return code }
                    usleep(10_000)
                }
            }
        }
        guard error == 0 else {
            return .failure(CLIError(
                "could not run the plugin \(path): \(String(cString: strerror(error)))", exitCode: .configuration))
        }
        return .success(pid)
    }

    /// Exits with the plugin's status, or dies of the signal that killed it. A signal that
    /// would dump core dumps none here: this process's memory holds the keys.
    private static func end(as status: Int32) -> Never {
        let signalNumber = status & 0x7f
        guard signalNumber != 0, signalNumber != 0x7f else { _exit((status >> 8) & 0xff) }
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        signal(signalNumber, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(signalNumber)
        // A signal whose default is not to end a process cannot have ended the plugin; the shell's convention, then.
        _exit(128 + signalNumber)
    }
}
#endif
