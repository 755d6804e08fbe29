import Foundation

/// The transcripts of README.md: every ```` ```console ```` block, cut into the commands it
/// shows (`$ apicli …`) and what each printed.
///
/// A block is one sitting: its commands run in order on one store. The lines under a command
/// up to the next `$ ` are what it printed; those that start with `apicli: ` went to stderr,
/// the rest to stdout (a terminal shows them mixed, a test reads them apart).
public enum ReadmeExamples {
    /// One command of a console block and what the README says it printed.
    public struct Command: Sendable, CustomStringConvertible {
        /// The shell command after `$ `, as written.
        public var line: String
        /// The README line it is on, from 1.
        public var lineNumber: Int
        /// The lines shown on stdout, each with its newline.
        public var stdout: String
        /// The lines shown on stderr (those that start with `apicli: `), each with its newline.
        public var stderr: String

        public var description: String { "README.md:\(lineNumber): $ \(line)" }
    }

    /// One console block: commands that share a store.
    public struct Block: Sendable {
        public var lineNumber: Int
        public var commands: [Command]
    }

    /// Where stderr lines start.
    public static let stderrPrefix = "apicli: "

    /// The console blocks of README.md, in order.
    public static func blocks(of text: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine)
            let number = index + 1
            guard var block = current else {
                if line == "```console" { current = Block(lineNumber: number, commands: []) }
                continue
            }
            if line == "```" {
                blocks.append(block)
                current = nil
                continue
            }
            if line.hasPrefix("$ ") {
                block.commands.append(Command(line: String(line.dropFirst(2)), lineNumber: number, stdout: "", stderr: ""))
            } else if !block.commands.isEmpty {
                if line.hasPrefix(stderrPrefix) {
                    block.commands[block.commands.count - 1].stderr += line + "\n"
                } else {
                    block.commands[block.commands.count - 1].stdout += line + "\n"
                }
            }
            current = block
        }
        return blocks
    }

    /// What a command printed, with what depends on who ran it and when, or what Markdown cannot
    /// show, made alike in the README's text and in the run's: the run's home folder, shown as
    /// `~` (`home`, when given); the store's time and age in the stale-results notice (`stored at
    /// 2026-12-07T12:53:28Z (just now)`), where the time must still be an ISO 8601 UTC time and
    /// the age one parenthesised phrase; and CSV's CRLF line ends, shown as plain line ends.
    /// Nothing else is loosened.
    public static func normalised(_ text: String, home: String? = nil) -> String {
        var result = ""
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n")
        var rest = Substring(home.map { lines.replacingOccurrences(of: $0 + "/", with: "~/") } ?? lines)
        let marker = "stored at "
        while let range = rest.range(of: marker) {
            result += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let stamp = rest.prefix(20)
            guard isUTCTime(stamp), rest.dropFirst(20).hasPrefix(" ("),
                let close = rest.dropFirst(22).firstIndex(of: ")")
            else { continue }
            result += "<time> (<age>)"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`.
    private static func isUTCTime(_ text: Substring) -> Bool {
        let pattern = Array("0000-00-00T00:00:00Z")
        let characters = Array(text)
        guard characters.count == pattern.count else { return false }
        return zip(characters, pattern).allSatisfy { actual, expected in
            expected == "0" ? actual.isASCII && actual.isNumber : actual == expected
        }
    }
}
