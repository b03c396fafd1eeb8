import Testing

@testable import ArticleStore

@Suite("Words folded as the search index folds them")
struct FoldingTests {
    @Test(
        "No case and no accents; letters without a decomposition stay",
        arguments: [
            ("Zürich", "zurich"), ("São Paulo", "sao paulo"), ("ÅNGSTRÖM", "angstrom"), ("Crème brûlée", "creme brulee"),
            ("Naïve café", "naive cafe"), ("Dvořák", "dvorak"), ("Øresund", "øresund"), ("plain", "plain"), ("東京", "東京"),
        ])
    func fold(text: String, expected: String) {
        #expect(SearchTerms.fold(text) == expected)
    }
}
