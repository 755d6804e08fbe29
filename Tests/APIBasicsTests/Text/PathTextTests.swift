import APIBasics
import Foundation
import Testing

@Suite struct PathTextTests {
    static let paths = [
        "/a/b/c.json", "/a/b/", "/a", "/", "c.json", "b/c.json", "./c.json", "../x/y.toml", "//a//b", "~/providers/x.json", "",
        "/home/user/.config/apicli/config", "providers/nyt.v2.json", "/données/été/x.db", "données//x.db/",
    ]

    @Test(arguments: paths)
    func folderAsNSString(_ path: String) {
        #expect(PathText.folder(of: path) == (path as NSString).deletingLastPathComponent)
    }

    @Test(arguments: paths)
    func lastComponentAsNSString(_ path: String) {
        #expect(PathText.lastComponent(of: path) == (path as NSString).lastPathComponent)
    }

    @Test(arguments: ["nyt.json", "a.b.c", ".env", "noext", "x.", "weather.provider.json", ""])
    func deletingExtensionAsNSString(_ name: String) {
        #expect(PathText.deletingExtension(name) == (name as NSString).deletingPathExtension)
    }
}
