import Testing
@testable import APIHTTP

@Test func placeholder() { #expect(Bool(true)) }
