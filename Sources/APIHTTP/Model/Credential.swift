/// The API key and where it travels: a query parameter (`api-key`, `appid`), a
/// header (`X-Api-Key`), or `Authorization` as a bearer token or HTTP basic.
///
/// Its descriptions never show the value, so string interpolation, `dump` and
/// test failure messages stay clean.
public struct Credential: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    public var placement: CredentialPlacement
    public var value: String

    public init(placement: CredentialPlacement, value: String) {
        self.placement = placement
        self.value = value
    }

    /// A key sent as the query parameter `parameter`.
    public init(parameter: String, value: String) {
        self.init(placement: .query(parameter), value: value)
    }

    public var description: String {
        switch placement {
        case let .query(name): "\(name)=***"
        case let .header(name): "\(name): ***"
        case .bearer: "Authorization: Bearer ***"
        case .basic: "Authorization: Basic ***"
        }
    }

    public var debugDescription: String { description }
}
