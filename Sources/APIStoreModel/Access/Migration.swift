/// One numbered schema step of one owner (`host`, `nyt`, `weather`…).
///
/// Owners number their own migrations from 1; the store records which ran in
/// `apicli_migrations`, so adding a provider never renumbers anybody else's.
public struct Migration: Sendable {
    public let version: Int
    public let apply: @Sendable (any StoreTransaction) throws -> Void

    /// A migration given as an SQL script.
    public init(_ version: Int, sql: String) {
        self.version = version
        self.apply = { try $0.executeScript(sql) }
    }

    /// A migration that needs code (copying data between shapes).
    public init(_ version: Int, apply: @escaping @Sendable (any StoreTransaction) throws -> Void) {
        self.version = version
        self.apply = apply
    }
}
