import SQLite

@testable import ArticleStore

extension Configuration {
    /// A connection as the store opens one: with `nytrank` and the `nytfold` tokenizer its full-text
    /// indexes are made with (without them, SQLite cannot create, change or drop those indexes).
    static var fullText: Configuration {
        var configuration = Configuration()
        configuration.prepareConnection = ConnectionExtensions.register
        return configuration
    }
}
