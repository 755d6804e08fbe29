#if canImport(CYAMLShim)
import CYAMLShim
#endif

/// libyaml, opened with dlopen the first time a YAML document is read, so that no
/// other run loads it (see `Sources/CYAMLShim`).
enum YAMLLibrary {
    /// Opens libyaml, or throws the one line that says it is missing.
    static func load() throws(DocumentError) {
        #if canImport(CYAMLShim)
        if let message = apicli_yaml_load() {
            throw DocumentError(.unavailable, String(cString: message))
        }
        #else
        throw DocumentError(.unavailable, "this build of apicli reads YAML on Linux only; convert the document to JSON")
        #endif
    }

    /// What loading `library` instead would say: nil when it would work. For tests,
    /// which cannot uninstall libyaml to see the message.
    static func problemLoading(_ library: String) -> String? {
        #if canImport(CYAMLShim)
        var buffer = [CChar](repeating: 0, count: 256)
        guard let message = apicli_yaml_probe(library, &buffer, buffer.count) else { return nil }
        return String(cString: message)
        #else
        return "no libyaml on this platform"
        #endif
    }

    /// libyaml's version, as it says it ("0.2.5"), once loaded.
    static var version: String? {
        #if canImport(CYAMLShim)
        guard (try? load()) != nil else { return nil }
        return String(cString: apicli_yaml_version())
        #else
        return nil
        #endif
    }
}
