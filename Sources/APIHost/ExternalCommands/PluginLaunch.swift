/// What the host starts for `apicli NAME` when `NAME` is an `apicli-NAME` on `PATH`:
/// the executable, its arguments, and the variables apicli adds to the environment
/// (`APICLI_BIN`, `APICLI_DB`, `APICLI_FORMAT`…).
///
/// It exists for ``HostEnvironment/launchPlugin``: a host run in-process (a test) is
/// given the launch instead of being replaced by the plugin, which would end the test
/// runner; a real run `execve`s it (``ExecutablePluginLaunch``).
public struct PluginLaunch: Sendable, Hashable {
    public var path: String
    public var arguments: [String]
    public var addedVariables: [String: String]
}
