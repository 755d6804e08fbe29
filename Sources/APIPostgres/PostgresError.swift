/// A failure reaching or querying a PostgreSQL database, as one line with no password in it.
///
/// libpq's messages span lines and may quote what they were given; ``PostgresConnection``
/// passes each through ``PostgresRedaction`` before it lands here, so a message is safe
/// to print, trace or store.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// libpq is not installed or too old.
        case library
        /// The URL could not be read (a bad URL, an unknown parameter).
        case address
        /// The server could not be reached, or the connection broke.
        case connection
        /// The server refused the user or its password.
        case authentication
        /// The server refused a statement; `state` is its SQLSTATE (`42P01`, `25006`…).
        case statement(state: String)
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    /// The SQLSTATE of a refused statement, if this is one.
    public var state: String? {
        if case let .statement(state) = kind { return state }
        return nil
    }
}
