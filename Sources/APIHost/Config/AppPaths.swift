#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// Where apicli keeps its files, following the XDG base directory convention.
///
/// Every location is absolute or given by the user: with neither `HOME` nor the
/// XDG variable for it, a location is unknown, and the host fails with exit 78
/// (``configFileLocation()``, ``databaseLocation()``) rather than write under
/// the current folder.
public struct AppPaths: Sendable, Equatable {
    /// `$XDG_CONFIG_HOME/apicli/config`, default `~/.config/apicli/config`; empty when unknown.
    public var configFile: String
    /// `--db`, else `APICLI_DB`, else `$XDG_DATA_HOME/apicli/apicli.sqlite3`
    /// (default `~/.local/share/apicli/apicli.sqlite3`); empty when unknown.
    public var database: String
    /// Whether the user named the store (`--db`, `APICLI_DB`) rather than taking the default
    /// location: only the default's folder is created when it is missing. Naming the default
    /// location itself (as apicli does for the `apicli-NAME` plugins it runs) is not naming another.
    public var databaseIsNamed: Bool

    /// Every variable ``init(variables:databaseFlag:)`` reads.
    public static let variableNames = ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "APICLI_DB"]

    public init(variables: [String: String], databaseFlag: String? = nil) {
        func variable(_ name: String) -> String? { variables[name].flatMap { $0.isEmpty ? nil : $0 } }
        let home = variable("HOME")
        let configHome = variable("XDG_CONFIG_HOME") ?? home.map { $0 + "/.config" }
        let dataHome = variable("XDG_DATA_HOME") ?? home.map { $0 + "/.local/share" }
        configFile = configHome.map { $0 + "/apicli/config" } ?? ""
        let named = databaseFlag ?? variable("APICLI_DB")
        let standard = dataHome.map { $0 + "/apicli/apicli.sqlite3" }
        database = named ?? standard ?? ""
        databaseIsNamed = named != nil && named != standard
    }

    /// The config file, or exit 78 when neither `HOME` nor `XDG_CONFIG_HOME` says where it is.
    public func configFileLocation() throws -> String {
        guard !configFile.isEmpty else {
            throw CLIError("HOME is not set: set HOME or XDG_CONFIG_HOME so apicli knows where its config file is", exitCode: .configuration)
        }
        return configFile
    }

    /// The store, or exit 78 when neither `--db`, `APICLI_DB`, `HOME` nor `XDG_DATA_HOME` says where it is.
    public func databaseLocation() throws -> String {
        guard !database.isEmpty else {
            throw CLIError("HOME is not set: set HOME or XDG_DATA_HOME, or name the store with --db or APICLI_DB", exitCode: .configuration)
        }
        return database
    }
}

extension AppPaths {
    /// `$XDG_CONFIG_HOME/apicli/providers`, beside the config file: where provider files live.
    public var providersDirectory: String {
        PathText.folder(of: configFile) + "/providers"
    }
}
