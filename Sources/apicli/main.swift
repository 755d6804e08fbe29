import APICore
import Foundation

// The executable only wires things together: the generated provider list, the
// real environment and streams. Everything it runs lives in APICore.
let host = Host(registry: ProviderRegistry(generatedProviders), environment: .current())
let code = await host.run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
