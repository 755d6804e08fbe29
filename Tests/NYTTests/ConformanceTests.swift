import ProviderConformance
import Testing

@testable import NYT

@Test func nytMeetsTheProviderContract() async {
    let fixtures = Fixtures.searchFiles.map { Fixtures.folder.appendingPathComponent($0) }
    await Conformance.expect(NYTProvider(), arguments: ["basketball"], fixtures: fixtures)
}
