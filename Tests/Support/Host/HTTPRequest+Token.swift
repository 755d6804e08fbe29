import APIHTTP

extension HTTPRequest {
    /// One word that names this request as sent, without its key: `e` and the FNV-1a hash of
    /// the method, path and parameters (``cacheKey``). A stub puts it in its answer, so that
    /// two requests get two answers and an answer printed later says which request brought it;
    /// a full-text index reads it as one token that no search words match.
    public var echoToken: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in cacheKey.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return "e" + String(hash, radix: 16)
    }
}
