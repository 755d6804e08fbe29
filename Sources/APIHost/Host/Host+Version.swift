import CBuildInfo

extension Host {
    /// `apicli --version`: the version, and the commit a release was built from
    /// (`apicli 0.1.0 (3f2a9c1e0b7d)`); a build that was not told its commit prints the version alone.
    static var versionLine: String {
        let commit = String(cString: apicli_build_commit())
        return commit.isEmpty ? "apicli \(version)" : "apicli \(version) (\(commit))"
    }
}
