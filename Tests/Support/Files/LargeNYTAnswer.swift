import Foundation

/// An NYT search answer too large to be read whole (past the MiB a page collects), made
/// of the real recorded docs taken in turn, each with an id and a link of its own: what
/// the tests of answers stored and printed as they arrive serve.
public enum LargeNYTAnswer {
    /// `count` docs in one answer, `meta.hits` saying as many.
    public static func body(docs count: Int) throws -> Data {
        var docs: [[String: Any]] = []
        for file in try Fixtures.realFiles(in: "nyt") where !file.lastPathComponent.contains("error") {
            let answer = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            docs += (answer?["response"] as? [String: Any])?["docs"] as? [[String: Any]] ?? []
        }
        let made: [[String: Any]] = (0..<count).map { index in
            var doc = docs[index % docs.count]
            doc["_id"] = "nyt://article/streamed-\(index)"
            doc["web_url"] = "https://www.nytimes.com/streamed/\(index).html"
            return doc
        }
        let answer: [String: Any] = [
            "status": "OK", "copyright": "Copyright (c) The New York Times Company.",
            "response": ["docs": made, "meta": ["hits": count, "offset": 0, "time": 10]],
        ]
        return try JSONSerialization.data(withJSONObject: answer)
    }
}

extension LargeNYTAnswer {
    /// `body` with spaces in front of it (JSON allows them) until it is past `bytes`: a
    /// real answer, unchanged in what it says, that a page no longer holds whole.
    public static func padded(_ body: Data, past bytes: Int) -> Data {
        Data(repeating: UInt8(ascii: " "), count: max(0, bytes + 1 - body.count)) + body
    }
}
