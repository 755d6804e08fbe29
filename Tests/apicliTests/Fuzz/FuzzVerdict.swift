import Foundation
import TestSupport

/// What one run of the binary must never do, whatever it was given: trap,
/// hang, exit with a code the man page does not list, or fail in more (or
/// fewer) than one error line.
struct FuzzVerdict: Sendable, CustomStringConvertible {
    enum Problem: String, Sendable {
        /// A signal (SIGILL from a Swift trap, SIGSEGV…) or a runtime error text: the crash count.
        case crash
        case timeout
        case undocumentedExitCode = "undocumented exit code"
        case notOneErrorLine = "failure not one error line"
        case strayStderr = "stderr line without the apicli: prefix"
        /// The test could not set the case up (not a finding about apicli).
        case setup = "setup failed"
    }

    let problem: Problem
    let label: String
    let arguments: [String]
    let exitCode: Int32
    let stderr: String

    var isCrash: Bool { problem == .crash || problem == .timeout }

    var description: String {
        "\(problem.rawValue): [\(label)] apicli \(arguments.joined(separator: " ")) → exit \(exitCode): "
            + String(stderr.prefix(300))
    }

    /// The exit codes apicli documents (`ExitCode`), and nothing else.
    static let documented: Set<Int32> = [0, 1, 64, 65, 66, 69, 70, 74, 75, 77, 78, 130]

    /// Texts the Swift runtime or the kernel's default handlers leave on a crash.
    static let crashTexts = ["Fatal error", "Illegal instruction", "Segmentation fault", "Trace/breakpoint", "Aborted",
                             "Current stack trace", "Stack dump"]

    /// The problems of one run; empty when it behaved. `strict` also holds a failure to
    /// exactly one `apicli: error:` line (argv fuzz runs any command, some of which
    /// list several problems of a provider file at once, so it checks only the rest).
    static func check(
        _ result: ProcessRunner.Result, arguments: [String], label: String, strict: Bool = true
    ) -> [FuzzVerdict] {
        let stderr = result.stderrText
        func verdict(_ problem: Problem) -> FuzzVerdict {
            FuzzVerdict(problem: problem, label: label, arguments: arguments, exitCode: result.exitCode, stderr: stderr)
        }
        if result.timedOut { return [verdict(.timeout)] }
        if result.signalled || result.exitCode >= 128 || result.exitCode < 0 || crashTexts.contains(where: stderr.contains) {
            return [verdict(.crash)]
        }
        var problems: [FuzzVerdict] = []
        if !documented.contains(result.exitCode) { problems.append(verdict(.undocumentedExitCode)) }
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: true)
        if lines.contains(where: { !$0.hasPrefix("apicli: ") }) { problems.append(verdict(.strayStderr)) }
        if strict, result.exitCode != 0, result.exitCode != 1 {
            let errors = lines.filter { $0.hasPrefix("apicli: error: ") }
            if errors.count != 1 || lines.last.map({ !$0.hasPrefix("apicli: error: ") }) ?? true {
                problems.append(verdict(.notOneErrorLine))
            }
        }
        return problems
    }
}

/// What a fuzz test counts and prints for the closing note.
struct FuzzTally: Sendable {
    var cases = 0
    var runs = 0
    var findings: [FuzzVerdict] = []

    var crashes: [FuzzVerdict] { findings.filter(\.isCrash) }
    var contractProblems: [FuzzVerdict] { findings.filter { !$0.isCrash } }

    mutating func add(_ other: FuzzTally) {
        cases += other.cases
        runs += other.runs
        findings += other.findings
    }

    func summary(_ name: String, seconds: Double) -> String {
        "fuzz \(name): \(cases) cases, \(runs) runs of apicli, \(crashes.count) crashes, "
            + "\(contractProblems.count) other problems, \(Int(seconds.rounded())) s"
    }
}
