import APIHost
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

// The executable only wires things together: the registry's sources (the
// generated provider list, then the providers folder), the real environment
// and streams. Everything it runs lives in APIHost.

// A reader that closes the pipe early (`apicli nyt x | head -1`) must end the run
// quietly: as an EPIPE error the console can handle, not a signal.
signal(SIGPIPE, SIG_IGN)
// A file-size limit (`ulimit -f`) must fail the write that crosses it with EFBIG, which
// every writer reports as an I/O error (74) with a message, not kill the process.
signal(SIGXFSZ, SIG_IGN)
do {
    let environment = HostEnvironment.current()
    let sources: [ProviderSource] = [
        .compiled(generatedProviders),
        .bundledFiles(compiled: generatedProviders),
        .providerFiles(environment: environment, compiled: generatedProviders),
    ]
    let host = Host(registry: try ProviderRegistry(sources: sources), environment: environment)
    let arguments = Array(CommandLine.arguments.dropFirst())
    let code = MainThreadExecutor.run { await host.run(arguments) }
    // `_exit`, not `exit`: everything the run writes has been written (the console writes
    // with write(2), the store's transactions are committed), and what `exit` would add is
    // the destructors of libcurl's twenty libraries and OpenSSL's clean-up, which fault in
    // a page of each (the peak resident set of a large answer is reached there) to free
    // memory the process is about to give back whole.
    _exit(code.rawValue)
} catch {
    _ = StandardConsole.writeAll("apicli: error: \(error)\n", to: STDERR_FILENO)
    _exit(ExitCode.software.rawValue)
}
