/// What the host starts for `apicli NAME` when `NAME` is an `apicli-NAME` on `PATH`:
/// the executable, its arguments, the variables apicli adds to the environment
/// (`APICLI_BIN`, `APICLI_DB`, `APICLI_FORMAT`…) and those it takes out of it.
///
/// It exists for ``HostEnvironment/launchPlugin``: a host run in-process (a test) is
/// given the launch instead of being replaced by the plugin, which would end the test
/// runner; a real run starts it and ends as it ended (``ExecutablePluginLaunch``).
public struct PluginLaunch: Sendable, Hashable {
    public var path: String
    public var arguments: [String]
    public var addedVariables: [String: String]
    /// The variables that carry a credential: the plugin's environment has none of them.
    public var removedVariables: Set<String>
    /// Those of them that are set, which the apicli the plugin runs receives from this one.
    public var handedVariables: Set<String>
}
