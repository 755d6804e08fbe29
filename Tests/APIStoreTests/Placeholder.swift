import Testing
@testable import APIStore

@Test func placeholder() { #expect(Bool(true)) }
