import Foundation

/// gzip bytes for scripted responses, made by the system's `gzip`.
///
/// Running the real tool is the simplest honest way: a gzip bomb needs real
/// compression, and TestSupport neither links zlib nor ships binary fixtures.
public enum Gzip {
    /// `data`, gzip-compressed.
    public static func compress(_ data: Data) async throws -> Data {
        try await shell("gzip -c -9", stdin: data)
    }

    /// `count` zero bytes, gzip-compressed without holding them in memory:
    /// 64 MiB become about 64 KiB. A decompression bomb.
    public static func zeros(count: Int) async throws -> Data {
        try await shell("head -c \(count) /dev/zero | gzip -c -9", stdin: Data())
    }

    private static func shell(_ command: String, stdin: Data) async throws -> Data {
        let result = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command], stdin: stdin,
            timeout: .seconds(30)
        )
        guard result.exitCode == 0, !result.stdout.isEmpty else {
            throw LoopbackServerError.setup("gzip failed: \(result.stderrText)")
        }
        return result.stdout
    }
}
