#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A request as a person reads it, for `--dry-run` and for the question before a write:
/// the method and URL (the key as `***`), the headers as sent (the key's as `***`), a
/// blank line and the body. Every secret the request carries is replaced in the body too.
///
///     POST https://api.example/v1/pets?api-key=***
///     Content-Type: application/json
///
///     {"name":"Rex","tags":["dog"]}
enum RequestDisplay {
    static func text(_ request: HTTPRequest, bodyLimit: Int = 64 * 1024) -> String {
        var lines = ["\(request.method.uppercased()) \(request.redactedURL)"]
        let keyHeader = request.credential?.placement.headerName?.lowercased()
        for field in request.transportHeaders {
            if field.name.lowercased() == keyHeader, let credential = request.credential {
                lines.append(credential.description)
            } else {
                lines.append("\(field.name): \(field.value)")
            }
        }
        var text = lines.joined(separator: "\n") + "\n"
        guard let body = request.shownBody ?? request.body, !body.isEmpty else { return text }
        text += "\n"
        guard var shown = String(validating: body.prefix(bodyLimit), as: UTF8.self),
              !shown.unicodeScalars.contains(where: { $0.value < 0x20 && !"\n\r\t".unicodeScalars.contains($0) })
        else {
            return text + "(\(body.count) bytes, not text)\n"
        }
        for secret in request.secrets { shown = shown.replacingAll(secret, with: "***") }
        text += shown
        if body.count > bodyLimit { text += "\n… (\(body.count) bytes in all)" }
        return text + (shown.hasSuffix("\n") ? "" : "\n")
    }
}
