import Testing
@testable import APICore

@Test func placeholder() { #expect(Bool(true)) }
