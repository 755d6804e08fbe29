/// The transport the host uses on this platform: the one place that chooses.
///
/// On Linux it is ``CurlTransport``, libcurl's C API loaded on the first request,
/// so that commands which send nothing never load an HTTP stack
/// (FoundationNetworking would add time and memory to every start-up:
/// docs/design/0014-libcurl-transport.md). On
/// Apple platforms URLSession is part of the system and costs nothing to load.
#if os(Linux)
public typealias DefaultTransport = CurlTransport
#else
public typealias DefaultTransport = URLSessionTransport
#endif
