import Foundation
import TestSupport

/// Runs the built apicli with stdin, stdout and stderr on a fresh pseudo-terminal
/// (Python's `pty`), and returns every byte it wrote there, as a terminal would receive it.
/// A test that uses it declares `.needs("python3")`.
///
/// Output post-processing is turned off on the terminal (no `\n` → `\r\n`), so a carriage
/// return in the capture is one apicli wrote; the window is 50 × 300, so nothing is cut to fit.
/// `typed` is written to the terminal first, as the user's answer to a prompt.
enum PseudoTerminalRun {
    struct Result: Sendable {
        var exitCode: Int32
        /// stdout and stderr as they reached the terminal, interleaved.
        var bytes: [UInt8]
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    static let runner = """
        import fcntl, os, pty, struct, sys, termios
        pid, fd = pty.fork()
        if pid == 0:
            attributes = termios.tcgetattr(1)
            attributes[1] &= ~termios.OPOST
            termios.tcsetattr(1, termios.TCSANOW, attributes)
            fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 300, 0, 0))
            os.execve(sys.argv[2], sys.argv[2:], os.environ)
        os.write(fd, sys.argv[1].encode())
        out = bytearray()
        while True:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            out += data
        _, status = os.waitpid(pid, 0)
        sys.stdout.buffer.write(bytes(out))
        sys.exit(os.waitstatus_to_exitcode(status) & 0xFF)
        """

    static func run(_ arguments: [String], typed: String = "", environment: [String: String], in folder: URL) async throws -> Result {
        let binary = try ProcessRunner.apicliExecutable().path
        let result = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: try RequiredTool.require("python3")), arguments: ["-c", runner, typed, binary] + arguments,
            environment: environment, currentDirectory: folder, timeout: .seconds(60))
        return Result(exitCode: result.exitCode, bytes: Array(result.stdout))
    }

    /// Everything in `bytes` that controls a terminal rather than showing a character, named
    /// with its offset: ESC, the other C0 controls but LF and TAB (a CR only before LF, as CSV
    /// ends its records), DEL, C1 (U+0080…009F), the bidi embeddings, overrides and isolates
    /// (U+202A…202E, U+2066…2069), the direction marks (U+200E, U+200F, U+061C) and the line
    /// and paragraph separators (U+2028, U+2029).
    static func controls(in bytes: [UInt8]) -> [String] {
        var found: [String] = []
        for (index, byte) in bytes.enumerated() {
            let next = index + 1 < bytes.count ? bytes[index + 1] : nil
            let third = index + 2 < bytes.count ? bytes[index + 2] : nil
            switch byte {
            case 0x0A, 0x09: continue
            case 0x0D where next == 0x0A: continue
            case 0x00...0x1F, 0x7F: found.append("\(index): 0x\(String(byte, radix: 16))")
            case 0xC2 where next.map({ (0x80...0x9F).contains($0) }) == true: found.append("\(index): C1")
            case 0xD8 where next == 0x9C: found.append("\(index): U+061C")
            case 0xE2 where next == 0x80 && third.map({ [0x8E, 0x8F].contains($0) || (0xA8...0xAE).contains($0) }) == true,
                 0xE2 where next == 0x81 && third.map({ (0xA6...0xA9).contains($0) }) == true:
                found.append("\(index): bidi or separator")
            default: continue
            }
        }
        return found
    }
}
