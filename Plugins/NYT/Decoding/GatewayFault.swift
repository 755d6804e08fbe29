import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The error bodies NYT's API gateway and Article Search send:
/// - the Apigee fault: `{"fault": {"faultstring": "Rate limit quota violation. …",
///   "detail": {"errorcode": "policies.ratelimit.QuotaViolation"}}}`;
/// - the search service's own: `{"status": "ERROR", "errors": ["Invalid value for …"]}`.
struct GatewayFault: Decodable {
    let fault: Fault?
    let status: String?
    let errors: [String]?

    private enum Keys: String, CodingKey { case fault, status, errors }

    struct Fault: Decodable {
        let faultString: String?
        let errorCode: String?

        private enum Keys: String, CodingKey { case faultString = "faultstring", detail }
        private enum DetailKeys: String, CodingKey { case errorCode = "errorcode" }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            faultString = container.text(.faultString)
            errorCode = container.object(.detail, keyedBy: DetailKeys.self)?.text(.errorCode)
        }

        /// The fault string without the request identifier and doubled spaces,
        /// fit to quote in one error line: `Rate limit quota violation. Quota limit exceeded.`
        var message: String? {
            guard var text = faultString else { return TerminalSanitizer.quote(errorCode) }
            if let marker = text.firstRange(ofLiteral: " Identifier") { text = String(text[..<marker.lowerBound]) }
            while text.containsLiteral("  ") { text = text.replacingAll("  ", with: " ") }
            return TerminalSanitizer.quote(text) ?? TerminalSanitizer.quote(errorCode)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        fault = container.lenient(Fault.self, .fault)
        status = container.text(.status)
        errors = container.lenient([Lossy<FlexibleText>].self, .errors)?.compactMap(\.value?.value)
    }

    /// Reads `body`, nil when it is not one of the shapes above.
    static func read(_ body: Data) -> GatewayFault? {
        guard let fault = JSONBody.read(GatewayFault.self, from: body),
            fault.fault != nil || !(fault.errors ?? []).isEmpty
        else { return nil }
        return fault
    }

    /// What the server said, in one line fit to quote.
    var message: String? {
        fault?.message ?? TerminalSanitizer.quote((errors ?? []).joined(separator: "; "))
    }

    /// Whether the gateway is refusing the key (as opposed to throttling it).
    var isKeyProblem: Bool {
        let code = (fault?.errorCode ?? "").lowercased()
        return code.containsLiteral("apikey") || code.containsLiteral("oauth") || code.containsLiteral("invalidkey")
    }
}
