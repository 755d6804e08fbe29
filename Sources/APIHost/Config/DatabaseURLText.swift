import APIPostgres

/// A team database's URL as apicli shows it: without a password it may carry.
enum DatabaseURLText {
    static func withoutPassword(_ text: String) -> String {
        DatabaseURL.redactingPasswords(in: text)
    }
}

extension DatabaseURLText {
    static func isPostgres(_ text: String) -> Bool {
        DatabaseURL.isPostgres(text)
    }
}
