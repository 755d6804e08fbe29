import APIPostgres
import Testing

@Suite("Team database URLs and what libpq says")
struct DatabaseURLTests {
    @Test("a URL's password is found, taken out, and never left in a message")
    func passwords() throws {
        let url = try #require(DatabaseURL("postgresql://alice:s%40cret%2Fpw@db.example.org:5433/team?sslmode=require"))
        #expect(url.password == "s@cret/pw")
        #expect(url.withoutPassword == "postgresql://alice@db.example.org:5433/team?sslmode=require")
        #expect(DatabaseURL("postgres://db.example.org/team")?.password == nil)
        #expect(DatabaseURL("postgresql://bob@db/team")?.withoutPassword == "postgresql://bob@db/team")
        #expect(DatabaseURL("postgresql://bob@db/team?password=x")?.hasPasswordParameter == true)
        #expect(DatabaseURL("/home/me/store.sqlite3") == nil)
        #expect(DatabaseURL.isPostgres("PostgreSQL://x/y"))
    }

    @Test("libpq's messages lose the password, as given and percent-encoded, and any URL's or keyword's")
    func redaction() {
        let redaction = PostgresRedaction(password: "s@cret/pw")
        let message = """
            connection to server at "db" failed: FATAL:  password "s@cret/pw" rejected
            \tfrom postgresql://alice:s%40cret%2Fpw@db/team and password=hunter2 host=db
            """
        let clean = redaction.clean(message)
        #expect(!clean.contains("s@cret") && !clean.contains("s%40cret") && !clean.contains("hunter2"), "\(clean)")
        #expect(!clean.contains("\n"))
        #expect(clean.contains("postgresql://alice:***@db/team"))
        #expect(clean.contains("password=***"))
    }
}
