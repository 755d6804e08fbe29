import APIHost
import Foundation

// The executable only wires things together: the generated provider list, the
// real environment and streams. Everything it runs lives in APIHost.
do {
    let host = Host(registry: try ProviderRegistry(generatedProviders), environment: .current())
    let code = await host.run(Array(CommandLine.arguments.dropFirst()))
    exit(code.rawValue)
} catch {
    FileHandle.standardError.write(Data("apicli: error: \(error)\n".utf8))
    exit(ExitCode.software.rawValue)
}
