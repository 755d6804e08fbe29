#if os(Linux)
import CCurlShim
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A libcurl easy handle set up for one ``CurlTransfer``, with the memory it
/// points into (header list, error buffer), freed together.
///
/// Used only on the engine's thread.
final class CurlHandle {
    let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>

    /// nil when libcurl refuses an option this transport relies on.
    init?(transfer: CurlTransfer, caBundle: Data?) {
        guard let easy = apicli_easy_init() else { return nil }
        self.easy = easy
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        guard configure(transfer, caBundle: caBundle) else { return nil }
    }

    deinit {
        apicli_easy_cleanup(easy)
        apicli_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    private func configure(_ transfer: CurlTransfer, caBundle: Data?) -> Bool {
        let options = transfer.options
        var results = [
            apicli_easy_setopt_string(easy, CURLOPT_URL, options.url),
            // Only http and https, now and after any redirect (which this transport follows itself).
            apicli_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"),
            apicli_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            apicli_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0),
            apicli_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1),
            // Every encoding libcurl can decode; the write callback sees decoded bytes.
            apicli_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""),
            apicli_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, Self.milliseconds(options.budget)),
            apicli_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(options.connectTimeout)),
            // A body announced larger than the cap is refused before it arrives.
            apicli_easy_setopt_long(easy, CURLOPT_MAXFILESIZE_LARGE, options.maxBodyBytes),
            apicli_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1),
            apicli_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2),
            apicli_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer),
        ]
        if options.url.lowercased().hasPrefix("https:") {
            // Wait for a connection being set up to say (by ALPN) whether it multiplexes (HTTP/2)
            // rather than open another. Not over plain http, where curl could only learn that from
            // a whole answer, so concurrent requests would wait for each other.
            results.append(apicli_easy_setopt_long(easy, CURLOPT_PIPEWAIT, 1))
        }
        switch options.method.uppercased() {
        case "GET": break
        case "HEAD": results.append(apicli_easy_setopt_long(easy, CURLOPT_NOBODY, 1))
        default: results.append(apicli_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, options.method))
        }
        if let body = options.body {
            // The size first: libcurl copies that many bytes when the data is set.
            results.append(apicli_easy_setopt_long(easy, CURLOPT_POSTFIELDSIZE_LARGE, body.count))
            results.append(body.withUnsafeBytes { bytes in
                guard let start = bytes.baseAddress, !bytes.isEmpty else {
                    return apicli_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, "")
                }
                return apicli_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: start))
            })
            // No `Expect: 100-continue` wait: the body goes with the head.
            headerList = apicli_slist_append(headerList, "Expect:")
        }
        if let userAgent = options.userAgent, options.headers["User-Agent"] == nil {
            results.append(apicli_easy_setopt_string(easy, CURLOPT_USERAGENT, userAgent))
        }
        for field in options.headers {
            headerList = apicli_slist_append(headerList, "\(field.name): \(field.value)")
        }
        if let headerList { results.append(apicli_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, headerList)) }
        if let caBundle {
            results.append(caBundle.withUnsafeBytes { apicli_easy_set_ca_blob(easy, $0.baseAddress, $0.count) })
        }
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        results += [
            apicli_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context),
            apicli_easy_setopt_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
                guard let context else { return 0 }
                let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                return transfer.receive(bytes)
            },
            apicli_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context),
            apicli_easy_setopt_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
                guard let context else { return 0 }
                let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
                Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().receiveHeader(bytes)
                return size * count
            },
        ]
        return results.allSatisfy { $0 == CURLE_OK }
    }

    /// What libcurl knows about a failure, for the error message.
    var failureDetail: CurlFailureDetail {
        var osError = 0
        _ = apicli_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &osError)
        return CurlFailureDetail(osError: Int32(truncatingIfNeeded: osError), message: String(cString: errorBuffer))
    }

    var status: Int {
        var code = 0
        _ = apicli_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &code)
        return code
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
#endif
