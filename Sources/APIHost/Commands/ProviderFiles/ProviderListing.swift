import ProviderFiles

/// Every provider with where it comes from: compiled in, or a file (which may be broken),
/// read once when the listing is made.
struct ProviderListing {
    let host: Host
    let lines: [Line]

    init(host: Host) {
        self.host = host
        lines = Self.lines(of: host)
    }

    struct Line {
        var name: String
        var source: String
        /// The summary, or the file's first error.
        var text: String
        var isBroken: Bool
    }

    private static func lines(of host: Host) -> [Line] {
        host.registry.entries.map { entry in
            switch entry.provider {
            case let .success(provider):
                Line(name: entry.name, source: entry.origin, text: provider.descriptor.summary, isBroken: false)
            case let .failure(.misdescribed(problem)):
                Line(name: entry.name, source: entry.origin, text: "broken: " + problem, isBroken: true)
            case let .failure(failure):
                Line(name: entry.name, source: entry.origin, text: "broken: \(failure)", isBroken: true)
            }
        }
    }

    /// The provider files by name and path, for what they shadow.
    var files: [(name: String, path: String)] {
        lines.filter { $0.source != "compiled" }.map { ($0.name, $0.source) }
    }

    /// `apicli providers`: name and summary; a broken file shows its error instead.
    func summaries() -> String {
        let width = lines.map(\.name.count).max() ?? 0
        return lines.map { $0.name.padded(to: width + 2) + Messages.oneLine($0.text) + "\n" }.joined()
    }

    /// `apicli provider list`: name, where it comes from, and summary or error.
    func table() -> String {
        let width = lines.map(\.name.count).max() ?? 0
        return lines.map { line in
            line.name.padded(to: width + 2) + line.source + "\n" + String(repeating: " ", count: width + 2)
                + Messages.oneLine(line.text) + "\n"
        }.joined()
    }
}

extension String {
    /// The text followed by spaces up to `width` characters.
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
