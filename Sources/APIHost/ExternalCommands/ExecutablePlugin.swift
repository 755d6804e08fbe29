/// An executable `apicli-NAME` found on `PATH`, which `apicli NAME` runs, as
/// gh, kubectl, git and cargo run theirs: a provider written in any language
/// that reaches its API through `apicli api`, and so shares apicli's keys,
/// limits and cache without handling them itself.
public struct ExecutablePlugin: Sendable, Hashable {
    /// The command word: `hello` for `apicli-hello`.
    public var name: String
    /// Where it was found, as `PATH` names it (a link is not resolved, so the path is the one the user put there).
    public var path: String
    public var state: State

    public enum State: Sendable, Hashable {
        /// `apicli NAME` runs it.
        case runnable
        /// A built-in command, a compiled provider or a provider file has the name first; it is never run.
        case shadowed(by: String)
        /// Someone else could have changed it (a mode or a folder others can write): why, and the fix.
        case refused(String)
    }

    public init(name: String, path: String, state: State = .runnable) {
        self.name = name
        self.path = path
        self.state = state
    }

    /// The prefix that makes an executable a plugin.
    public static let prefix = "apicli-"

    /// Whether `name` can be a command word: letters, digits, `-` and `_`, not
    /// starting with a dash (so `apicli-` alone, or `apicli--x`, is no plugin).
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "-" else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
        }
    }

    /// The path and the note as listings print them, cleaned of terminal controls: a folder
    /// on `PATH` may have any bytes in its name, an escape sequence among them.
    public var shownPath: String {
        TerminalSanitizer.clean(path + (note.map { " (\($0))" } ?? ""))
    }

    /// What `apicli providers` and `apicli --help` say after the path: nothing when it runs.
    public var note: String? {
        switch state {
        case .runnable: nil
        case let .shadowed(owner): "shadowed by \(owner); never run"
        case let .refused(reason): "refused: \(reason)"
        }
    }
}
