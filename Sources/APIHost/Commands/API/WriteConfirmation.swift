/// The guard before a write (any request that is not a read): it is sent when the user
/// said `--yes`, or answered yes on a terminal after seeing it; never by default.
///
/// Without a terminal there is nobody to ask, and a script that meant to write says so:
/// the refusal is a usage error (64) on one line.
enum WriteConfirmation {
    enum Decision: Equatable {
        case send
        case declined
    }

    static func decide(
        _ request: HTTPRequest, yes: Bool, stdinIsTerminal: Bool, console: any Console, readLine: () -> String?
    ) throws -> Decision {
        if yes || request.isRead { return .send }
        guard stdinIsTerminal else {
            throw UsageError(
                "\(request.method.uppercased()) \(request.path) is a write: add --yes to send it without a terminal (--dry-run shows it)")
        }
        console.err(RequestDisplay.text(request))
        console.err("apicli: send this \(request.method.uppercased())? [y/N] ")
        let answer = readLine()?.trimmed(.whitespaces).lowercased()
        return answer == "y" || answer == "yes" ? .send : .declined
    }
}
