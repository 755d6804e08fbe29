import APIBasics

/// Whether a failure happened before any byte of the request left: the only failures
/// after which a write may be sent again.
extension HTTPClientError {
    /// The reason a transport gives when no connection was made (`could not connect to …`).
    public static let notConnectedPrefix = "could not connect to "
    /// The reason a transport gives when the host name did not resolve.
    public static let hostNotFoundPrefix = "host not found: "

    /// True when the request cannot have reached the server: no connection was made,
    /// or the host was not found. A reset, a timeout or a broken answer may come after
    /// the server acted, so they count as sent.
    public var failedBeforeSending: Bool {
        guard case let .connectionFailed(_, reason) = self else { return false }
        return reason.startsWithLiteral(Self.notConnectedPrefix) || reason.startsWithLiteral(Self.hostNotFoundPrefix)
    }
}
