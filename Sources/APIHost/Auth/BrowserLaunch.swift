#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens the sign-in page: with the command `APICLI_BROWSER` names (any program that takes
/// a URL: a browser, or a test's client), else `xdg-open` when there is a display
/// (`DISPLAY` or `WAYLAND_DISPLAY`), else nothing, and the printed URL is for the user to
/// open on any device. The program's output goes to stderr, never among results, and it
/// gets no key or client secret from apicli's environment.
enum BrowserLaunch {
    /// The program to run, or nil when there is none to try.
    static func command(_ variables: [String: String]) -> String? {
        if let named = variables["APICLI_BROWSER"], !named.isEmpty { return named }
        let display = [variables["DISPLAY"], variables["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        return display ? "xdg-open" : nil
    }

    /// Starts `command URL` without waiting for it; false when it could not start.
    @discardableResult
    static func open(_ url: String, with command: String, variables: [String: String]) -> Bool {
        let environment = variables
            .filter { !$0.key.hasSuffix("_CLIENT_SECRET") && !$0.key.hasSuffix("_API_KEY") }
            .map { Array(($0.key + "=" + $0.value).utf8) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        var pid: pid_t = 0
        let code = CStrings.with([Array(command.utf8), Array(url.utf8)]) { argv in
            CStrings.with(environment) { envp in
                posix_spawnp(&pid, command, &actions, nil, argv, envp)
            }
        }
        guard code == 0 else { return false }
        // Reaped when it ends, so no zombie stays behind while the sign-in waits.
        let child = pid
        DetachedThread.start {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
        return true
    }
}
