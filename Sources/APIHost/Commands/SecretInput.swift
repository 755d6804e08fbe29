#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Reads a line from the terminal with echo off, so a typed key is not shown.
///
/// Echo goes off before the prompt is shown: whatever is typed once the prompt
/// is visible is never echoed (or flushed away by the mode change).
enum SecretInput {
    /// `readLine` is the environment's (``HostEnvironment/readLine``): the terminal's line, or a test's.
    static func readWithoutEcho(prompt: String, console: any Console, readLine: () -> String?) -> String? {
        var original = termios()
        let haveTerminal = tcgetattr(STDIN_FILENO, &original) == 0
        if haveTerminal {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        console.err(prompt)
        defer {
            if haveTerminal {
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
                console.err("\n")
            }
        }
        return readLine()
    }
}
