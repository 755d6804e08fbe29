#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

extension HTTPRequest {
    /// The request a provider's endpoint describes, under `baseURL`: its method, its JSON
    /// body (with its `Content-Type`) and whether it only reads.
    init(endpoint: Endpoint, baseURL: URL, headers: HTTPHeaders = HTTPHeaders(), credential: Credential? = nil) {
        var headers = headers
        if endpoint.body != nil, headers["Content-Type"] == nil { headers["Content-Type"] = endpoint.contentType ?? "application/json" }
        self.init(
            method: endpoint.method, baseURL: baseURL, path: endpoint.path, query: endpoint.query, headers: headers,
            credential: credential, body: endpoint.body, isRead: endpoint.isRead)
        shownBody = endpoint.shownBody
        bodySecrets = endpoint.bodySecrets
    }
}
