#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// Prints what `apicli api` received: with `--include` the status line and the
/// headers, then the body.
///
/// Into a pipe or a file the body goes byte for byte as it came (after the
/// client took any echoed key out). On a terminal it is text written by a
/// stranger, so terminal controls are removed, and JSON is indented to be read.
struct APIResponsePrinter: Sendable {
    let console: any Console
    let include: Bool
    let onTerminal: Bool
    /// The request's key in every form a server could echo; `***` wherever it shows.
    let secrets: [String]

    func print(_ response: HTTPResponse) {
        if include {
            var head = "HTTP \(response.status)" + (Self.reasons[response.status].map { " " + $0 } ?? "") + "\n"
            for header in response.headers {
                head += redacted(header.name) + ": " + redacted(header.value) + "\n"
            }
            console.out(onTerminal ? TerminalSanitizer.clean(head, keepingNewlines: true) : head)
            console.out("\n")
        }
        guard onTerminal else {
            console.out(bytes: response.body)
            return
        }
        var text = JSONIndenter.indent(response.body) ?? String(decoding: response.body, as: UTF8.self)
        text = TerminalSanitizer.clean(redacted(text), keepingNewlines: true)
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        console.out(text)
    }

    private func redacted(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingAll($1, with: "***") }
    }

    /// The reason phrases of the statuses an API commonly answers.
    static let reasons: [Int: String] = [
        200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 301: "Moved Permanently", 302: "Found",
        303: "See Other", 304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 410: "Gone",
        429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout",
    ]
}
