/// The check the binary tests share that stderr is exactly one line, of the
/// `apicli: error:` kind, with no Swift error dumped into it. It kept the name of
/// the file it came from (`ExitCodeTests`, whose last test moved in-process to
/// `NYTTests` and `WeatherTests`), so the files that call it need no edit.
enum ExitCodeTests {
    static func isOneErrorLine(_ text: String) -> Bool {
        let lines = text.split(separator: "\n")
        return lines.count == 1 && text.hasPrefix("apicli: error: ") && !text.contains("Error(")
            && !text.contains("Swift.")
    }
}
