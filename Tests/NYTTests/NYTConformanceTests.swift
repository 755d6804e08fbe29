import ProviderConformance
import Testing

@testable import NYT

@Test func nytMeetsTheProviderContract() async {
    let fixtures = NYTFixtures.searchFiles.map { NYTFixtures.folder.appendingPathComponent($0) }
    await Conformance.expect(NYTProvider(), arguments: ["basketball"], fixtures: fixtures)
}
