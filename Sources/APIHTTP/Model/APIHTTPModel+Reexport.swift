/// The request model (query items, rate limits, where a key goes, link relations,
/// percent-encoding) sits below the client in `APIHTTPModel`, so that the provider kit
/// can hand it on without the client; the client's own users see it here as before.
@_exported import APIHTTPModel
