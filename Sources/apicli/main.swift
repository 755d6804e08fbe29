import APIHost
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

// The executable only wires things together: the generated provider list, the
// real environment and streams. Everything it runs lives in APIHost.

// A reader that closes the pipe early (`apicli nyt x | head -1`) must end the run
// quietly: as an EPIPE error the console can handle, not a signal.
signal(SIGPIPE, SIG_IGN)
do {
    let host = Host(registry: try ProviderRegistry(generatedProviders), environment: .current())
    let code = await host.run(Array(CommandLine.arguments.dropFirst()))
    exit(code.rawValue)
} catch {
    _ = StandardConsole.writeAll("apicli: error: \(error)\n", to: STDERR_FILENO)
    exit(ExitCode.software.rawValue)
}
