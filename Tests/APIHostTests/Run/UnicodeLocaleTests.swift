import Testing
@testable import APIHost

/// Whether the locale asks for UTF-8: the first of `LC_ALL`, `LC_CTYPE`, `LANG` that is set decides.
@Suite struct UnicodeLocaleTests {
    @Test(arguments: [
        (["LANG": "en_US.UTF-8"], true), (["LANG": "C.utf8"], true), (["LANG": "C"], false),
        (["LANG": "de_DE.ISO-8859-1"], false), (["LC_ALL": "fr_FR.Utf-8", "LANG": "C"], true),
        (["LC_ALL": "C", "LANG": "en_US.UTF-8"], false), (["LC_ALL": "", "LC_CTYPE": "POSIX", "LANG": "C.UTF-8"], false),
        (["LC_CTYPE": "ja_JP.UTF8"], true), ([:], true), (["LANG": "utf"], false),
    ])
    func firstSetDecides(_ variables: [String: String], _ unicode: Bool) {
        #expect(TerminalSize.isUnicodeLocale(variables) == unicode, "\(variables)")
    }
}
