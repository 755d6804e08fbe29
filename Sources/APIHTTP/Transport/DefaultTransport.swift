/// The transport the host uses on this platform: the one place that chooses.
///
/// On Linux it is ``CurlTransport``, libcurl's C API loaded on the first request,
/// so that commands which send nothing never load an HTTP stack
/// (FoundationNetworking alone adds ~7 ms and ~10 MiB to every start-up). On
/// Apple platforms URLSession is part of the system and costs nothing to load.
#if os(Linux)
public typealias DefaultTransport = CurlTransport
#else
public typealias DefaultTransport = URLSessionTransport
#endif
