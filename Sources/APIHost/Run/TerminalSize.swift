#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import APICore

/// The terminal's width and character set, from the environment and `ioctl`.
enum TerminalSize {
    /// `$COLUMNS`, else the window size of stdout when it is a terminal, else 100.
    static func columns(variables: [String: String], isTerminal: Bool) -> Int {
        if let text = variables["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        if isTerminal {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        return 100
    }

    /// Whether the locale (`LC_ALL`, `LC_CTYPE`, `LANG`, first set wins) is UTF-8.
    static func isUnicodeLocale(_ variables: [String: String]) -> Bool {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = variables[name], !value.isEmpty {
                // By bytes: `String.contains(_:)` builds a searcher's table of `Character`s, a
                // noticeable part of a run as short as `weather Paris --offline`.
                let lowered = value.lowercased()
                return lowered.containsLiteral("utf-8") || lowered.containsLiteral("utf8")
            }
        }
        // No locale at all: modern systems default to UTF-8 terminals.
        return true
    }
}
