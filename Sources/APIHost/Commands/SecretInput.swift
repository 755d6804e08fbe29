import Foundation

/// Reads a line from the terminal with echo off, so a typed key is not shown.
enum SecretInput {
    static func readWithoutEcho(prompt: String, console: any Console) -> String? {
        console.err(prompt)
        var original = termios()
        let haveTerminal = tcgetattr(STDIN_FILENO, &original) == 0
        if haveTerminal {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        defer {
            if haveTerminal {
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
                console.err("\n")
            }
        }
        return readLine(strippingNewline: true)
    }
}
